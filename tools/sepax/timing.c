/* Timing apart from any command's data, so that every command that
 * measures the library does it the same way and its figures compare. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "timing.h"

/* Odd, so the median is one of the samples; enough to shrug off one slow
 * run without making the demo drag. */
#define REPEATS 7

static double seconds_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of REPEATS runs: steadier than the mean when the machine is
 * busy with something else now and then. */
sepax_status time_stage(timed_stage run, void *context, double *median)
{
    double samples[REPEATS];
    for (int i = 0; i < REPEATS; i++) {
        double start = seconds_now();
        sepax_status status = run(context);
        samples[i] = seconds_now() - start;
        if (status != SEPAX_OK) {
            return status;
        }
    }
    qsort(samples, REPEATS, sizeof samples[0], compare_doubles);
    *median = samples[REPEATS / 2];
    return SEPAX_OK;
}

/* "12.3 M" style, so columns stay narrow whatever the machine. */
void format_rate(double items, double seconds, char *out, size_t size)
{
    if (!(seconds > 0.0) || !(items > 0.0)) {
        snprintf(out, size, "-");
        return;
    }
    double rate = items / seconds;
    if (rate >= 1e9) {
        snprintf(out, size, "%.2f G", rate / 1e9);
    } else if (rate >= 1e6) {
        snprintf(out, size, "%.2f M", rate / 1e6);
    } else {
        snprintf(out, size, "%.2f k", rate / 1e3);
    }
}

void print_stage(const char *label, double seconds, double items, const char *unit)
{
    char rate[32];
    format_rate(items, seconds, rate, sizeof rate);
    printf("  %-20s %10.3f ms %10s %s/s\n", label, seconds * 1e3, rate, unit);
}

void print_stage_split(const char *label, double one, double many, double items,
                       const char *unit)
{
    char rate[32], per[32];
    format_rate(items, one, rate, sizeof rate);
    snprintf(per, sizeof per, "%s/s", unit);
    printf("  %-20s %10.3f ms %10s %-8s %10.3f ms %8.2fx\n", label, one * 1e3, rate, per,
           many * 1e3, many > 0.0 ? one / many : 0.0);
}

void print_backend_row(sepax_backend backend, double items, double seconds,
                       double reference_seconds, int identical, int active)
{
    char rate[32], speedup[32];
    format_rate(items, seconds, rate, sizeof rate);
    if (seconds > 0.0 && items > 0.0)
        snprintf(speedup, sizeof speedup, "%.2fx", reference_seconds / seconds);
    else
        snprintf(speedup, sizeof speedup, "-");
    printf("  %-10s %12s %10s   %s%s\n", sepax_backend_name(backend), rate, speedup,
           identical ? "yes" : "no", active ? "   (active)" : "");
}
