/* The sepax command line.
 *
 *   sepax demo     times the library on a generated 2D or 3D scene and
 *                  checks every backend against the scalar reference;
 *   sepax check    answers the pairs of a scene file (docs/FORMAT.md) as CSV;
 *   sepax version  names the version and the backends this machine runs;
 *   sepax help     prints the list of commands, or one command's help.
 *
 * This file only finds the command and hands it its arguments: each
 * command lives in a file of its own with its own help text, and the
 * table below is the one place that lists them, so that adding one
 * touches nothing else here. Exit statuses are described in cli.h. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static int is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

static int cmd_version(int argc, char **argv)
{
    (void)argv;
    if (argc != 0) {
        return usage_error("version takes no arguments");
    }
    printf("sepax %s\nbackends:", SEPAX_VERSION_STRING);
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (sepax_backend_available((sepax_backend)b)) {
            printf(" %s", sepax_backend_name((sepax_backend)b));
        }
    }
    printf(" (fastest: %s)\n", sepax_backend_name(sepax_backend_best()));
    return EXIT_GOOD;
}

static void version_help(FILE *out)
{
    fputs("usage: sepax version\n"
          "       sepax --version\n"
          "\n"
          "Print the version of sepax and the backends this machine runs, naming\n"
          "the fastest: the one every command uses unless --backend or the\n"
          "SEPAX_BACKEND environment variable names another.\n"
          "\n"
          "exit status: 0, or 2 when given any argument.\n",
          out);
}

static void global_help(FILE *out);
static int cmd_help(int argc, char **argv);

typedef struct command {
    const char *name;
    const char *alias;   /* another name for it, or NULL */
    const char *summary; /* its line in the list of commands */
    int (*run)(int argc, char **argv);
    void (*help)(FILE *out);
} command;

static const command commands[] = {
    {"demo", NULL, "time a generated 2D or 3D (--3d) scene; compare every backend", cmd_demo,
     demo_help},
    {"check", NULL, "answer the pairs of a 2D or 3D scene file as CSV", cmd_check, check_help},
    {"version", "--version", "print the version and the backends this machine runs",
     cmd_version, version_help},
    {"help", "--help", "print this text, or with COMMAND that command's help", cmd_help,
     global_help},
};
enum { COMMANDS = sizeof commands / sizeof commands[0] };

static const command *find_command(const char *name)
{
    if (strcmp(name, "-h") == 0) {
        name = "--help";
    }
    for (size_t k = 0; k < COMMANDS; k++) {
        const command *c = &commands[k];
        if (strcmp(name, c->name) == 0 || (c->alias != NULL && strcmp(name, c->alias) == 0)) {
            return c;
        }
    }
    return NULL;
}

/* The list only: each command's options are in its own help, so that
 * this text stays one screen however many options the commands grow. */
static void global_help(FILE *out)
{
    fputs("usage: sepax COMMAND [options]\n"
          "\n"
          "commands:\n",
          out);
    for (size_t k = 0; k < COMMANDS; k++) {
        fprintf(out, "  %-8s %s\n", commands[k].name, commands[k].summary);
    }
    fputs("\n"
          "'sepax help COMMAND' or 'sepax COMMAND --help' prints that command's\n"
          "options and what they do.\n"
          "\n"
          "The SEPAX_BACKEND environment variable names the backend to use when\n"
          "--backend is not given.\n"
          "\n"
          "exit status: 0 all good, 1 problems were reported, 2 the command could\n"
          "not run (usage error, a file that cannot be read or written, an\n"
          "unusable backend).\n",
          out);
}

static int cmd_help(int argc, char **argv)
{
    if (argc == 0) {
        global_help(stdout);
        return EXIT_GOOD;
    }
    if (argc > 1) {
        return usage_error("help takes one command at most");
    }
    const command *c = find_command(argv[0]);
    if (c == NULL) {
        return usage_error("help: unknown command '%s'", argv[0]);
    }
    c->help(stdout);
    return EXIT_GOOD;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        return usage_error("no command given");
    }
    const command *c = find_command(argv[1]);
    if (c == NULL) {
        return usage_error("unknown command '%s'", argv[1]);
    }
    /* A --help anywhere wins over the other arguments, so that a reader
     * halfway through typing a command line can ask what comes next. */
    if (c->run != cmd_help) {
        for (int i = 2; i < argc; i++) {
            if (is_help(argv[i])) {
                c->help(stdout);
                return EXIT_GOOD;
            }
        }
        usage_context(c->name);
    }
    return c->run(argc - 2, argv + 2);
}
