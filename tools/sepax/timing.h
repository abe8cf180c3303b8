/* Timing for the commands that measure the library: each hands over its
 * stages as functions of its own data. */
#ifndef SEPAX_TIMING_H
#define SEPAX_TIMING_H

#include <stddef.h>

#include "sepax/sepax.h"

/* One run of a timed stage; context is the command's own data. */
typedef sepax_status (*timed_stage)(void *context);

/* The median wall-clock seconds of several runs of run(context). Stops
 * at, and returns, the first status other than SEPAX_OK. */
sepax_status time_stage(timed_stage run, void *context, double *median);

/* items per second as "12.3 M" style text, or "-" when either is 0. */
void format_rate(double items, double seconds, char *out, size_t size);

/* The demos' table rows: one timed stage; one backend against the
 * reference's time, whether it agreed and whether it is the active one. */
void print_stage(const char *label, double seconds, double items, const char *unit);
/* The same stage on one thread and split across workers, side by side. */
void print_stage_split(const char *label, double one, double many, double items,
                       const char *unit);
void print_backend_row(sepax_backend backend, double items, double seconds,
                       double reference_seconds, int identical, int active);

#endif
