/* The helpers every command uses, kept in one place so that all commands
 * word their errors, read their options and set up their stores alike. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int usage_error(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fputs("sepax: ", stderr);
    vfprintf(stderr, format, args);
    fputs("\nTry 'sepax --help'.\n", stderr);
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
