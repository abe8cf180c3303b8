/* What every sepax command shares: one way to report a usage error or a
 * lack of memory, to read an option's value, and to get a store with the
 * backend the user asked for, so that a new command only has to say what
 * is particular to it. */
#ifndef SEPAX_CLI_H
#define SEPAX_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sepax/sepax.h"
#include "sepax/sepax3d.h"

/* Exit status: 0 when all went well, 1 when a problem was reported (a bad
 * line, a rejected shape, a backend that disagrees with the reference),
 * 2 when the command could not run at all (usage, unreadable file, no
 * usable backend, no memory). Usage errors are one way of not running. */
enum { EXIT_GOOD = 0, EXIT_PROBLEMS = 1, EXIT_CANNOT_RUN = 2 };

/* The commands, one file each, listed for main.c's table. Each takes the
 * arguments after its own name and returns an exit status; its help
 * text, kept beside the options it describes, is what both
 * `sepax COMMAND --help` and `sepax help COMMAND` print. */
int cmd_demo(int argc, char **argv);
int cmd_check(int argc, char **argv);
void demo_help(FILE *out);
void check_help(FILE *out);

/* ---- Reporting ---- */

/* "sepax: " and the printf-style message on stderr, then a pointer to
 * the help of the command named by usage_context (the global help
 * before one is named); returns EXIT_CANNOT_RUN. */
int usage_error(const char *format, ...);
void usage_context(const char *command);
/* Says so on stderr; returns EXIT_CANNOT_RUN. */
int out_of_memory(void);
/* calloc that never answers NULL for an empty array, so NULL always means
 * failure. */
void *alloc_array(size_t count, size_t size);

/* ---- Output files ---- */

/* A file the command will write at its end, opened at its start so that
 * a path that cannot be written fails before any work rather than after
 * it. Until output_begin the file keeps its old content, and a file
 * that did not exist is removed again by output_abandon, so a run that
 * stops early leaves the directory as it found it. */
typedef struct output_file {
    const char *path;
    FILE *file;
    int created; /* made by output_open and not written since */
} output_file;

/* Says why on stderr and returns EXIT_CANNOT_RUN when path cannot be
 * opened for writing; else EXIT_GOOD. */
int output_open(output_file *o, const char *path);
/* The file emptied, to be written; NULL (said on stderr) on failure. */
FILE *output_begin(output_file *o);
/* Close a written file; says so on stderr and returns EXIT_CANNOT_RUN
 * when any write failed. Nothing to do for an abandoned one. */
int output_close(output_file *o);
/* Close without writing, removing the file if output_open made it. */
void output_abandon(output_file *o);

/* ---- Options ---- */

/* A whole decimal number in [min, max]; no sign, no spaces, no suffix.
 * Returns 0, or -1 when text is not one. */
int parse_number(const char *text, uint64_t min, uint64_t max, uint64_t *out);
/* Match argv[*i] against "--name VALUE" or "--name=VALUE". Returns 1 with
 * *value set on a match (and *i moved past a separate value), 0 when the
 * argument is something else, -1 when the value is missing. */
int option_value(int argc, char **argv, int *i, const char *name, const char **value);

/* ---- Stores and backends ---- */

/* The --backend entry of a command's help: what the backend is for (a
 * line's worth), the names it takes and where the default comes from. */
void backend_option_help(FILE *out, const char *what);

/* A new store; on failure says why on stderr (naming SEPAX_BACKEND when
 * that is the cause) and returns -1. */
int create_store(sepax_store **out);
int create_store3(sepax3_store **out);
/* Switch the store to the backend called name (the --backend option); on
 * failure says why on stderr and returns -1. */
int select_backend(sepax_store *store, const char *name);
/* Where the active backend came from (option: --backend's value or
 * NULL), for the reader of a demo table. */
const char *backend_origin(const char *option);
int select_backend3(sepax3_store *store, const char *name);

#endif
