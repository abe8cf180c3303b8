/* The sepax command line.
 *
 *   sepax demo   times the library on a generated scene and checks every
 *                backend against the scalar reference;
 *   sepax check  answers the pairs of a scene file (docs/FORMAT.md) as CSV.
 *
 * This file only finds the command and hands it its arguments: each
 * command lives in a file of its own, and the table below is the one
 * place that lists them, so that adding one touches nothing else here
 * but the usage text. Exit statuses are described in cli.h. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char usage_text[] =
    "usage: sepax <command> [options]\n"
    "\n"
    "commands:\n"
    "  demo [--shapes N] [--seed S] [--mix | --3d] [--svg FILE] [--backend NAME] [--threads N]\n"
    "      Generate a random scene (20000 shapes and seed 1 unless given;\n"
    "      polygons, or with --mix also boxes, circles, capsules, segments\n"
    "      and rounded polygons),\n"
    "      time the world update, broadphase and collide stages, and compare\n"
    "      every backend this CPU runs with the scalar reference. --svg draws\n"
    "      a window of the scene with its hits and their separating vectors.\n"
    "  check FILE [--csv OUT] [--backend NAME] [--manifolds]\n"
    "      Read a scene file (FILE may be - for standard input), report its\n"
    "      problems on stderr as FILE:LINE: message, and write one CSV row\n"
    "      per pair to OUT (default: standard output). The pairs are the\n"
    "      file's pair lines, or every broadphase pair when it has none.\n"
    "      --manifolds writes one row per contact point of every hit instead.\n"
    "  version\n"
    "      Print the version and the backends available on this machine.\n"
    "  --help\n"
    "      Print this text.\n"
    "\n"
    "The SEPAX_BACKEND environment variable names the backend to use when\n"
    "--backend is not given.\n"
    "\n"
    "exit status: 0 all good, 1 problems were reported, 2 the command could\n"
    "not run (usage error, unreadable file, unusable backend).\n";

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

typedef struct command {
    const char *name;
    const char *alias; /* another name for it, or NULL */
    int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {"version", "--version", cmd_version},
    {"demo", NULL, cmd_demo},
    {"check", NULL, cmd_check},
};

int main(int argc, char **argv)
{
    if (argc < 2) {
        return usage_error("no command given");
    }
    const char *name = argv[1];
    if (is_help(name) || strcmp(name, "help") == 0) {
        fputs(usage_text, stdout);
        return EXIT_GOOD;
    }
    for (int i = 2; i < argc; i++) {
        if (is_help(argv[i])) {
            fputs(usage_text, stdout);
            return EXIT_GOOD;
        }
    }
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++) {
        const command *c = &commands[k];
        if (strcmp(name, c->name) == 0 || (c->alias != NULL && strcmp(name, c->alias) == 0)) {
            return c->run(argc - 2, argv + 2);
        }
    }
    return usage_error("unknown command '%s'", name);
}
