/* The helpers every command uses, kept in one place so that all commands
 * word their errors, read their options and set up their stores alike. */
#define _POSIX_C_SOURCE 200809L /* open, fdopen, fstat, ftruncate */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* The command whose options are being read, so that a usage error points
 * at the help that lists them rather than at the list of commands. */
static const char *usage_command;

void usage_context(const char *command)
{
    usage_command = command;
}

int usage_error(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("sepax: ", stderr);
    vfprintf(stderr, format, args);
    if (usage_command != NULL) {
        fprintf(stderr, "\nTry 'sepax %s --help'.\n", usage_command);
    } else {
        fputs("\nTry 'sepax --help'.\n", stderr);
    }
    va_end(args);
    return EXIT_CANNOT_RUN;
}

int out_of_memory(void)
{
    fputs("sepax: out of memory\n", stderr);
    return EXIT_CANNOT_RUN;
}

void *alloc_array(size_t count, size_t size)
{
    return calloc(count > 0 ? count : 1, size);
}

static int cannot_write(const char *path)
{
    fprintf(stderr, "sepax: cannot write %s: %s\n", path, strerror(errno));
    return EXIT_CANNOT_RUN;
}

int output_open(output_file *o, const char *path)
{
    o->path = path;
    o->file = NULL;
    o->created = 0;
    /* Exclusive first, to learn whether the file is ours to remove. */
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd >= 0) {
        o->created = 1;
    } else if (errno == EEXIST) {
        fd = open(path, O_WRONLY);
    }
    if (fd < 0) {
        return cannot_write(path);
    }
    /* "w" on a descriptor truncates nothing: the old content stays until
     * output_begin. */
    o->file = fdopen(fd, "w");
    if (o->file == NULL) {
        const int saved = errno;
        close(fd);
        output_abandon(o);
        errno = saved;
        return cannot_write(path);
    }
    return EXIT_GOOD;
}

FILE *output_begin(output_file *o)
{
    struct stat st;
    /* Only a regular file has old content to drop; a pipe or a device
     * (--svg /dev/stdout) is written as it is. */
    if (fstat(fileno(o->file), &st) == 0 && S_ISREG(st.st_mode) &&
        ftruncate(fileno(o->file), 0) != 0) {
        cannot_write(o->path);
        return NULL;
    }
    o->created = 0; /* written now: the file stays whatever happens next */
    return o->file;
}

int output_close(output_file *o)
{
    if (o->file == NULL) {
        return EXIT_GOOD;
    }
    const int failed = fflush(o->file) != 0 || ferror(o->file);
    const int closed = fclose(o->file) == 0;
    o->file = NULL;
    if (failed || !closed) {
        fprintf(stderr, "sepax: error writing %s\n", o->path);
        return EXIT_CANNOT_RUN;
    }
    return EXIT_GOOD;
}

void output_abandon(output_file *o)
{
    if (o->file != NULL) {
        fclose(o->file);
        o->file = NULL;
    }
    if (o->created) {
        remove(o->path);
        o->created = 0;
    }
}

int parse_number(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    if (*text < '0' || *text > '9') {
        return -1;
    }
    char *end = NULL;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || value < min || value > max) {
        return -1;
    }
    *out = (uint64_t)value;
    return 0;
}

int option_value(int argc, char **argv, int *i, const char *name, const char **value)
{
    const char *arg = argv[*i];
    size_t length = strlen(name);
    if (strncmp(arg, name, length) != 0) {
        return 0;
    }
    if (arg[length] == '=') {
        *value = arg + length + 1;
        return 1;
    }
    if (arg[length] != '\0') {
        return 0;
    }
    if (*i + 1 >= argc) {
        return -1;
    }
    *i += 1;
    *value = argv[*i];
    return 1;
}

/* Creation is where a bad SEPAX_BACKEND shows up, so say so. */
static int store_created(sepax_status status)
{
    if (status == SEPAX_OK) {
        return 0;
    }
    const char *env = getenv("SEPAX_BACKEND");
    if (env != NULL && (status == SEPAX_ERR_UNKNOWN_BACKEND ||
                        status == SEPAX_ERR_UNSUPPORTED_BACKEND)) {
        fprintf(stderr, "sepax: SEPAX_BACKEND=%s: %s\n", env, sepax_status_string(status));
    } else {
        fprintf(stderr, "sepax: cannot create a store: %s\n", sepax_status_string(status));
    }
    return -1;
}

int create_store(sepax_store **out)
{
    return store_created(sepax_store_create(NULL, out));
}

int create_store3(sepax3_store **out)
{
    return store_created(sepax3_store_create(NULL, out));
}

static int backend_named(const char *name, sepax_backend *out)
{
    return sepax_backend_from_name(name, out) == SEPAX_OK ? 0 : -1;
}

static int backend_set(const char *name, sepax_status status)
{
    if (status != SEPAX_OK) {
        fprintf(stderr, "sepax: backend '%s': %s\n", name, sepax_status_string(status));
        return -1;
    }
    return 0;
}

int select_backend(sepax_store *store, const char *name)
{
    sepax_backend backend;
    if (backend_named(name, &backend) != 0)
        return backend_set(name, SEPAX_ERR_UNKNOWN_BACKEND);
    return backend_set(name, sepax_store_set_backend(store, backend));
}

int select_backend3(sepax3_store *store, const char *name)
{
    sepax_backend backend;
    if (backend_named(name, &backend) != 0)
        return backend_set(name, SEPAX_ERR_UNKNOWN_BACKEND);
    return backend_set(name, sepax3_store_set_backend(store, backend));
}

void backend_option_help(FILE *out, const char *what)
{
    fprintf(out, "  --backend NAME  %s, one of:\n                 ", what);
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        fprintf(out, " %s", sepax_backend_name((sepax_backend)b));
    }
    fputs("\n"
          "                  (default: SEPAX_BACKEND if set, else the fastest this\n"
          "                  machine runs; 'sepax version' lists those it runs)\n",
          out);
}

/* Where the active backend came from, for the reader of a demo table (demo.c, demo3.c). */
const char *backend_origin(const char *option)
{
    if (option != NULL) {
        return "chosen with --backend";
    }
    if (getenv("SEPAX_BACKEND") != NULL) {
        return "chosen with SEPAX_BACKEND";
    }
    return "the fastest available";
}
