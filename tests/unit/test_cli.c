/* The sepax command line, run as a separate program on the scene files in
 * tests/data. Expects SEPAX_EXE (the built tool) and SEPAX_SOURCE_ROOT
 * (the repository) in the environment, as the meson test setup gives. */
#define _POSIX_C_SOURCE 200809L /* fork, setenv, mkstemp */

#include <criterion/criterion.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <math.h>

#include "support/cases.h"
#include "scene.h"
#include "sepax/sepax.h"
#include "support/backends.h"

#define MAX_ARGS 16

typedef struct run_result {
    int status; /* exit status, or -1 if the tool died from a signal */
    char *out, *err;
} run_result;

/* How to run the tool: arguments, plus optional working directory,
 * standard input and one environment variable to set. */
typedef struct run_spec {
    const char *args[MAX_ARGS]; /* NULL-terminated, without the program */
    const char *dir;
    const char *stdin_path;
    const char *env_name, *env_value;
} run_spec;

static const char *exe_path(void)
{
    const char *path = getenv("SEPAX_EXE");
    cr_assert_not_null(path, "SEPAX_EXE is not set; run this suite with meson test");
    return path;
}

static const char *data_dir(void)
{
    static char dir[4096];
    const char *root = getenv("SEPAX_SOURCE_ROOT");
    cr_assert_not_null(root, "SEPAX_SOURCE_ROOT is not set; run this suite with meson test");
    int n = snprintf(dir, sizeof dir, "%s/tests/data", root);
    cr_assert(n > 0 && (size_t)n < sizeof dir);
    return dir;
}

static char *read_stream(FILE *f)
{
    cr_assert_eq(fseek(f, 0, SEEK_END), 0);
    long size = ftell(f);
    cr_assert_geq(size, 0);
    rewind(f);
    char *text = malloc((size_t)size + 1);
    cr_assert_not_null(text);
    cr_assert_eq(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = '\0';
    return text;
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s", path);
    char *text = read_stream(f);
    fclose(f);
    return text;
}

static char *data_file(const char *name)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", data_dir(), name);
    return read_file(path);
}

/* A fresh empty file in the temporary directory; the caller removes it. */
static void temp_path(char *out, size_t size)
{
    const char *dir = getenv("TMPDIR");
    snprintf(out, size, "%s/sepax-cli-XXXXXX", dir != NULL && *dir != '\0' ? dir : "/tmp");
    int fd = mkstemp(out);
    cr_assert_geq(fd, 0, "mkstemp failed for %s", out);
    close(fd);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    cr_assert_eq(fwrite(text, 1, strlen(text), f), strlen(text));
    cr_assert_eq(fclose(f), 0);
}

/* Run the tool with its output captured in temporary files. */
static run_result run(const run_spec *spec)
{
    const char *exe = exe_path();
    FILE *out = tmpfile(), *err = tmpfile();
    cr_assert(out != NULL && err != NULL);
    fflush(NULL);
    pid_t pid = fork();
    cr_assert_geq(pid, 0, "fork failed");
    if (pid == 0) {
        char *argv[MAX_ARGS + 2];
        int argc = 0;
        argv[argc++] = (char *)exe;
        for (int i = 0; i < MAX_ARGS && spec->args[i] != NULL; i++) {
            argv[argc++] = (char *)spec->args[i];
        }
        argv[argc] = NULL;
        if (dup2(fileno(out), STDOUT_FILENO) < 0 || dup2(fileno(err), STDERR_FILENO) < 0) {
            _exit(126);
        }
        if (spec->stdin_path != NULL) {
            int fd = open(spec->stdin_path, O_RDONLY);
            if (fd < 0 || dup2(fd, STDIN_FILENO) < 0) {
                _exit(126);
            }
        }
        if (spec->dir != NULL && chdir(spec->dir) != 0) {
            _exit(126);
        }
        if (spec->env_name != NULL) {
            setenv(spec->env_name, spec->env_value, 1);
        }
        execv(exe, argv);
        _exit(127);
    }
    int status = 0;
    cr_assert_eq(waitpid(pid, &status, 0), pid);
    run_result r;
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = read_stream(out);
    r.err = read_stream(err);
    fclose(out);
    fclose(err);
    cr_assert_neq(r.status, 126, "could not set up the child process");
    cr_assert_neq(r.status, 127, "could not run %s", exe);
    return r;
}

static void run_free(run_result *r)
{
    free(r->out);
    free(r->err);
}

/* Run in tests/data so that messages name files the way the tests do. */
static run_result run_in_data(const char *a0, const char *a1, const char *a2, const char *a3)
{
    run_spec spec = {{a0, a1, a2, a3, NULL}, data_dir(), NULL, NULL, NULL};
    return run(&spec);
}

/* `sepax check NAME.scene` in tests/data exits 0, says nothing on stderr
 * and prints exactly NAME.csv */
static void expect_check_matches(const char *name)
{
    char scene[64], csv[64];
    snprintf(scene, sizeof scene, "%s.scene", name);
    snprintf(csv, sizeof csv, "%s.csv", name);
    run_result r = run_in_data("check", scene, NULL, NULL);
    char *expected = data_file(csv);
    cr_expect_eq(r.status, 0, "%s: exit %d, stderr:\n%s", name, r.status, r.err);
    cr_expect_str_empty(r.err);
    cr_expect_str_eq(r.out, expected);
    free(expected);
    run_free(&r);
}

/* ---- check: answers ---------------------------------------------- */

Test(cli, check_hand_worked_pairs)
{
    expect_check_matches("pairs");
}

Test(cli, check_writes_csv_file)
{
    char path[4200];
    temp_path(path, sizeof path);
    run_result r = run_in_data("check", "pairs.scene", "--csv", path);
    char *written = read_file(path);
    char *expected = data_file("pairs.csv");
    cr_expect_eq(r.status, 0, "exit %d, stderr:\n%s", r.status, r.err);
    cr_expect_str_empty(r.out, "the CSV went to stdout as well as the file");
    cr_expect_str_eq(written, expected);
    free(written);
    free(expected);
    remove(path);
    run_free(&r);
}

Test(cli, check_reads_standard_input)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/pairs.scene", data_dir());
    run_spec spec = {{"check", "-", NULL}, NULL, path, NULL, NULL};
    run_result r = run(&spec);
    char *expected = data_file("pairs.csv");
    cr_expect_eq(r.status, 0, "exit %d, stderr:\n%s", r.status, r.err);
    cr_expect_str_eq(r.out, expected);
    free(expected);
    run_free(&r);
}

Test(cli, check_without_pairs_answers_the_broadphase)
{
    expect_check_matches("broad");
}

/* Windows line ends, tabs, comments after content and a file without a
 * final newline are all part of the format. */
Test(cli, check_accepts_crlf_tabs_and_trailing_comments)
{
    char path[4200];
    temp_path(path, sizeof path);
    write_text(path, "# squares\r\n"
                     "poly 0 0 1 0 1 1 0 1   # the first\r\n"
                     "\r\n"
                     "   \t\r\n"
                     "box\t1.5 0.5\t0.5 0.5 0#no space before the comment\r\n"
                     "pair 0 1");
    run_spec spec = {{"check", path, NULL}, NULL, NULL, NULL, NULL};
    run_result r = run(&spec);
    cr_expect_eq(r.status, 0, "exit %d, stderr:\n%s", r.status, r.err);
    cr_expect_str_empty(r.err);
    cr_expect_str_eq(r.out, "a,b,hit,separation,nx,ny,a_in_b,b_in_a\n0,1,1,0,1,0,0,0\n");
    remove(path);
    run_free(&r);
}

/* ---- check: problems --------------------------------------------- */

/* Split text into lines (in place); returns the count. */
static size_t split_lines(char *text, char **lines, size_t max)
{
    size_t n = 0;
    char *p = text;
    while (*p != '\0' && n < max) {
        lines[n++] = p;
        char *end = strchr(p, '\n');
        if (end == NULL) {
            break;
        }
        *end = '\0';
        p = end + 1;
    }
    return n;
}

Test(cli, check_reports_bad_lines_in_line_order)
{
    char expected[12][200];
    const char *non_convex = sepax_status_string(SEPAX_ERR_NON_CONVEX);
    const char *not_finite = sepax_status_string(SEPAX_ERR_NOT_FINITE);
    snprintf(expected[0], 200, "bad.scene:4: unknown shape (expected poly, box, circle, capsule, segment or pair): 'wedge'");
    snprintf(expected[1], 200, "bad.scene:5: poly needs an even count of at least 6 numbers "
                               "(x y per vertex), got 5");
    snprintf(expected[2], 200, "bad.scene:6: not a number: 'half'");
    snprintf(expected[3], 200, "bad.scene:7: shape 4 rejected: %s", non_convex);
    snprintf(expected[4], 200, "bad.scene:9: shape 6 rejected: %s", not_finite);
    snprintf(expected[5], 200, "bad.scene:10: number too large for a float: '1e39'");
    snprintf(expected[6], 200, "bad.scene:12: pair names shape 9, but the shapes are numbered "
                               "0 to 7");
    snprintf(expected[7], 200, "bad.scene:13: pair names shape 5 twice");
    snprintf(expected[8], 200, "bad.scene:14: pair skipped: shape 4 (line 7) was rejected");
    snprintf(expected[9], 200, "bad.scene:15: pair skipped: shape 1 (line 4) was rejected");
    snprintf(expected[10], 200, "bad.scene:16: pair needs 2 shape numbers, got 1");
    snprintf(expected[11], 200, "bad.scene:17: not a shape number: '-1'");

    run_result r = run_in_data("check", "bad.scene", NULL, NULL);
    cr_expect_eq(r.status, 1, "exit %d", r.status);

    char *lines[64];
    size_t count = split_lines(r.err, lines, 64);
    cr_expect_eq(count, 12, "expected 12 problems, got %zu", count);
    for (size_t i = 0; i < count && i < 12; i++) {
        /* The FILE:LINE: prefix first, for a clear message if only the
         * wording differs. */
        size_t prefix = (size_t)(strchr(strchr(expected[i], ':') + 1, ':') - expected[i]) + 1;
        cr_expect(strncmp(lines[i], expected[i], prefix) == 0, "line %zu: want prefix %.*s in: %s",
                  i, (int)prefix, expected[i], lines[i]);
        cr_expect_str_eq(lines[i], expected[i]);
    }

    char *csv = data_file("bad.csv");
    cr_expect_str_eq(r.out, csv, "the good pairs must still be answered");
    free(csv);
    run_free(&r);
}

Test(cli, check_unreadable_file_exits_2)
{
    run_result r = run_in_data("check", "no-such-file.scene", NULL, NULL);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "no-such-file.scene") != NULL, "stderr: %s", r.err);
    cr_expect_str_empty(r.out);
    run_free(&r);
}

Test(cli, check_with_unusable_backend_exits_2)
{
    run_spec spec = {{"check", "pairs.scene", NULL}, data_dir(), NULL, "SEPAX_BACKEND", "nosuch"};
    run_result r = run(&spec);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "SEPAX_BACKEND") != NULL, "stderr: %s", r.err);
    cr_expect_str_empty(r.out);
    run_free(&r);
}

/* ---- usage -------------------------------------------------------- */

static const char *find_line_starting(const char *text, const char *start);

static void expect_usage_error(const char *a0, const char *a1, const char *a2)
{
    run_result r = run_in_data(a0, a1, a2, NULL);
    cr_expect_eq(r.status, 2, "sepax %s %s %s: exit %d", a0 ? a0 : "", a1 ? a1 : "",
                 a2 ? a2 : "", r.status);
    cr_expect(strstr(r.err, "sepax: ") != NULL, "no message for sepax %s %s", a0 ? a0 : "",
              a1 ? a1 : "");
    cr_expect_str_empty(r.out);
    run_free(&r);
}

Test(cli, usage_errors_exit_2)
{
    expect_usage_error(NULL, NULL, NULL);
    expect_usage_error("frobnicate", NULL, NULL);
    expect_usage_error("check", NULL, NULL);
    expect_usage_error("check", "pairs.scene", "broad.scene");
    expect_usage_error("check", "pairs.scene", "--bogus");
    expect_usage_error("check", "pairs.scene", "--csv");
    expect_usage_error("demo", "--shapes", NULL);
    expect_usage_error("demo", "--shapes", "many");
    expect_usage_error("demo", "--shapes", "0");
    expect_usage_error("demo", "--seed", "-3");
    expect_usage_error("demo", "extra", NULL);
    expect_usage_error("version", "extra", NULL);
}

Test(cli, help_and_version)
{
    /* The global help is the list of commands and where their options are
     * told, the same whichever way it is asked for. */
    run_result r = run_in_data("--help", NULL, NULL, NULL);
    cr_expect_eq(r.status, 0);
    cr_expect_str_empty(r.err);
    cr_expect(strncmp(r.out, "usage: sepax COMMAND", 20) == 0, "help: %s", r.out);
    const char *commands[] = {"  demo ", "  check ", "  version ", "  help "};
    for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++) {
        cr_expect_not_null(find_line_starting(r.out, commands[k]), "no line for '%s' in:\n%s",
                           commands[k], r.out);
    }
    cr_expect(strstr(r.out, "sepax help COMMAND") != NULL, "%s", r.out);
    cr_expect(strstr(r.out, "sepax COMMAND --help") != NULL, "%s", r.out);
    const char *same[] = {"help", "-h"};
    for (size_t k = 0; k < sizeof same / sizeof same[0]; k++) {
        run_result other = run_in_data(same[k], NULL, NULL, NULL);
        cr_expect_eq(other.status, 0);
        cr_expect_str_eq(other.out, r.out, "sepax %s differs from sepax --help", same[k]);
        run_free(&other);
    }
    run_free(&r);

    r = run_in_data("version", NULL, NULL, NULL);
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.out, SEPAX_VERSION_STRING) != NULL, "version: %s", r.out);
    run_free(&r);
}

/* Each command's help, asked for in any of the three ways: exit 0, the
 * same text on stdout, nothing on stderr, and every word of want in it
 * (its options, and what the reader needs to know of them). Returns the
 * text, which the caller frees. */
static char *expect_command_help(const char *command, const char *const *want, size_t wants)
{
    run_result by_option = run_in_data(command, "--help", NULL, NULL);
    cr_expect_eq(by_option.status, 0, "sepax %s --help: exit %d", command, by_option.status);
    cr_expect_str_empty(by_option.err);
    char start[64];
    snprintf(start, sizeof start, "usage: sepax %s", command);
    cr_expect(strncmp(by_option.out, start, strlen(start)) == 0, "sepax %s --help:\n%s", command,
              by_option.out);
    for (size_t k = 0; k < wants; k++) {
        cr_expect(strstr(by_option.out, want[k]) != NULL, "sepax %s --help lacks '%s':\n%s",
                  command, want[k], by_option.out);
    }
    run_result by_command = run_in_data("help", command, NULL, NULL);
    cr_expect_eq(by_command.status, 0);
    cr_expect_str_eq(by_command.out, by_option.out, "sepax help %s differs from sepax %s --help",
                     command, command);
    run_result short_option = run_in_data(command, "-h", NULL, NULL);
    cr_expect_eq(short_option.status, 0);
    cr_expect_str_eq(short_option.out, by_option.out);
    run_free(&by_command);
    run_free(&short_option);
    free(by_option.err);
    return by_option.out;
}

Test(cli, every_command_has_its_own_help)
{
    const char *demo[] = {"--shapes N", "--seed S", "--mix", "--3d", "--svg FILE", "--backend NAME",
                          "--threads N", "--help", "3D scene", "segments", "exit status"};
    const char *check[] = {"FILE", "--csv OUT", "--manifolds", "--backend NAME", "--help",
                           "2D or 3D", "box3", "sphere", "hull", "capsule3", "segment",
                           "docs/FORMAT.md", "standard input", "exit status"};
    const char *version[] = {"--version", "backends"};
    char *texts[3];
    texts[0] = expect_command_help("demo", demo, sizeof demo / sizeof demo[0]);
    texts[1] = expect_command_help("check", check, sizeof check / sizeof check[0]);
    texts[2] = expect_command_help("version", version, sizeof version / sizeof version[0]);
    /* the backend list is every name the library knows */
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        const char *name = sepax_backend_name((sepax_backend)b);
        cr_expect(strstr(texts[0], name) != NULL && strstr(texts[1], name) != NULL,
                  "backend %s missing from a help text", name);
    }
    run_result global = run_in_data("--help", NULL, NULL, NULL);
    for (int k = 0; k < 3; k++) {
        cr_expect_str_neq(texts[k], global.out, "a command's help is the global text");
        free(texts[k]);
    }
    cr_expect(strstr(global.out, "--threads") == NULL, "the global help lists options again");
    run_free(&global);
    /* --help wins wherever it stands, even after a bad option */
    run_result late = run_in_data("demo", "--bogus", "--help", NULL);
    cr_expect_eq(late.status, 0);
    cr_expect(strncmp(late.out, "usage: sepax demo", 17) == 0, "%s", late.out);
    run_free(&late);
}

Test(cli, help_and_option_errors_exit_2)
{
    expect_usage_error("help", "frobnicate", NULL);
    expect_usage_error("help", "demo", "check");
    /* a usage error points at the help that lists the command's options */
    run_result r = run_in_data("demo", "--bogus", NULL, NULL);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "--bogus") != NULL && strstr(r.err, "sepax demo --help") != NULL,
              "stderr: %s", r.err);
    cr_expect_str_empty(r.out);
    run_free(&r);
    r = run_in_data("check", "pairs.scene", "--bogus", NULL);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "sepax check --help") != NULL, "stderr: %s", r.err);
    run_free(&r);
    r = run_in_data("frobnicate", NULL, NULL, NULL);
    cr_expect(strstr(r.err, "'frobnicate'") != NULL && strstr(r.err, "sepax --help") != NULL,
              "stderr: %s", r.err);
    run_free(&r);
}

/* ---- demo --------------------------------------------------------- */

static const char *find_line_starting(const char *text, const char *start)
{
    size_t n = strlen(start);
    for (const char *line = text; line != NULL && *line != '\0';) {
        if (strncmp(line, start, n) == 0) {
            return line;
        }
        line = strchr(line, '\n');
        line = line != NULL ? line + 1 : NULL;
    }
    return NULL;
}

static int line_has(const char *line, const char *word)
{
    const char *end = strchr(line, '\n');
    size_t length = end != NULL ? (size_t)(end - line) : strlen(line);
    const char *hit = strstr(line, word);
    return hit != NULL && (size_t)(hit - line) < length;
}

Test(cli, demo_prints_a_table)
{
    run_result r = run_in_data("demo", "--shapes", "500", NULL);
    cr_assert_eq(r.status, 0, "exit %d, stderr:\n%s", r.status, r.err);
    const char *shapes = find_line_starting(r.out, "  shapes ");
    cr_assert_not_null(shapes, "no shapes row in:\n%s", r.out);
    cr_expect(line_has(shapes, " 500"), "shapes row: %s", shapes);
    const char *rows[] = {"  candidate pairs ", "  hits ", "  containments ", "  world update ",
                          "  broadphase ", "  collide ", "  collide, hits only "};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        cr_expect_not_null(find_line_starting(r.out, rows[i]), "no '%s' row in:\n%s", rows[i],
                           r.out);
    }
    cr_expect(strstr(r.out, "identical to reference") != NULL);
    /* Every backend this machine runs has a row, and agrees with the
     * reference. */
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b)) {
            continue;
        }
        char start[32];
        snprintf(start, sizeof start, "  %s ", sepax_backend_name((sepax_backend)b));
        const char *row = find_line_starting(r.out, start);
        cr_expect_not_null(row, "no row for backend %s", start);
        if (row != NULL) {
            cr_expect(line_has(row, " yes"), "backend row: %s", row);
        }
    }
    /* speed-ups are against the scalar row itself */
    const char *scalar = find_line_starting(r.out, "  scalar ");
    cr_expect(scalar != NULL && line_has(scalar, " 1.00x "), "scalar row: %s", scalar);
    run_free(&r);
}

/* --threads: the stages again across the tools' pool, beside the one
 * thread's times (the demo checks the answers against the one thread's;
 * tests/cross/tasks.c checks every split call in full). Few shapes, since the
 * valgrind run takes every test. */
Test(cli, demo_with_threads)
{
    run_result r = run_in_data("demo", "--threads=2", "--shapes=2000", NULL);
    cr_assert_eq(r.status, 0, "exit %d, stderr:\n%s", r.status, r.err);
    const char *head = find_line_starting(r.out, "  stage ");
    cr_expect(head != NULL && line_has(head, " 2 threads") && line_has(head, " speed-up"),
              "stage header: %s", head);
    cr_expect_not_null(find_line_starting(r.out, "  step (first three) "), "%s", r.out);
    run_free(&r);
    expect_usage_error("demo", "--threads", "0");
    expect_usage_error("demo", "--threads", "65");
}

Test(cli, demo_with_named_backend)
{
    run_result r = run_in_data("demo", "--shapes", "200", "--backend=scalar");
    cr_expect_eq(r.status, 0, "exit %d, stderr:\n%s", r.status, r.err);
    cr_expect(strstr(r.out, "backend scalar (chosen with --backend)") != NULL, "%s", r.out);
    run_free(&r);
}

Test(cli, demo_writes_svg)
{
    char path[4200];
    temp_path(path, sizeof path);
    run_spec spec = {{"demo", "--shapes", "300", "--svg", path, NULL}, NULL, NULL, NULL, NULL};
    run_result r = run(&spec);
    cr_expect_eq(r.status, 0, "exit %d, stderr:\n%s", r.status, r.err);
    char *svg = read_file(path);
    cr_expect(strncmp(svg, "<svg ", 5) == 0, "svg starts: %.40s", svg);
    cr_expect(strstr(svg, "<polygon ") != NULL);
    size_t length = strlen(svg);
    cr_expect(length > 7 && strcmp(svg + length - 7, "</svg>\n") == 0);
    free(svg);
    remove(path);
    run_free(&r);
}

/* A picture that cannot be written stops the demo before it generates
 * or times anything: no table on stdout, the path named on stderr. The
 * default 20000 shapes would take seconds to time if it did run. */
Test(cli, demo_unwritable_svg_fails_before_any_work)
{
    const char *modes[] = {NULL, "--3d", "--mix"};
    for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
        run_spec spec = {{"demo", "--svg", "/no/such/dir/x.svg", modes[k], NULL}, NULL, NULL, NULL,
                         NULL};
        run_result r = run(&spec);
        cr_expect_eq(r.status, 2, "%s: exit %d", modes[k] ? modes[k] : "2D", r.status);
        cr_expect(strstr(r.err, "sepax: cannot write /no/such/dir/x.svg") != NULL, "stderr: %s",
                  r.err);
        cr_expect_str_empty(r.out, "the demo ran:\n%s", r.out);
        cr_expect_null(find_line_starting(r.out, "  shapes "));
        cr_expect_null(strstr(r.out, "identical to reference"));
        run_free(&r);
    }
}

/* A demo that stops before drawing leaves the directory as it was: a new
 * file is removed again, an existing one keeps its content. */
Test(cli, demo_that_stops_early_leaves_the_svg_path_alone)
{
    char dir[4200], fresh[4300], existing[4300];
    temp_path(dir, sizeof dir);
    remove(dir);
    cr_assert_eq(mkdir(dir, 0700), 0);
    snprintf(fresh, sizeof fresh, "%s/new.svg", dir);
    snprintf(existing, sizeof existing, "%s/old.svg", dir);
    write_text(existing, "an earlier picture\n");
    const char *paths[] = {fresh, existing};
    for (int k = 0; k < 2; k++) {
        run_spec spec = {{"demo", "--shapes", "50", "--svg", paths[k], "--backend", "nosuch", NULL},
                         NULL, NULL, NULL, NULL};
        run_result r = run(&spec);
        cr_expect_eq(r.status, 2);
        cr_expect(strstr(r.err, "nosuch") != NULL, "stderr: %s", r.err);
        run_free(&r);
    }
    cr_expect_neq(access(fresh, F_OK), 0, "the failed demo left %s behind", fresh);
    char *kept = read_file(existing);
    cr_expect_str_eq(kept, "an earlier picture\n");
    free(kept);
    remove(existing);
    remove(fresh);
    rmdir(dir);
}

/* The value of attribute name in the first element that starts with
 * element (such as "<rect id=\"legend-box\""). */
static double svg_attribute(const char *svg, const char *element, const char *name)
{
    const char *at = strstr(svg, element);
    cr_assert_not_null(at, "no %s in the SVG", element);
    const char *end = strchr(at, '>');
    cr_assert_not_null(end);
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *found = strstr(at, key);
    cr_assert(found != NULL && found < end, "%s has no %s", element, name);
    return strtod(found + strlen(key), NULL);
}

typedef struct box {
    double x, y, w, h;
} box;

static box svg_rect(const char *svg, const char *element)
{
    box b = {svg_attribute(svg, element, "x"), svg_attribute(svg, element, "y"),
             svg_attribute(svg, element, "width"), svg_attribute(svg, element, "height")};
    return b;
}

/* The text between the start of the element of id and its closing tag. */
static const char *svg_group(const char *svg, const char *id, const char **end)
{
    char start[64];
    snprintf(start, sizeof start, "<g id=\"%s\"", id);
    const char *g = strstr(svg, start);
    cr_assert_not_null(g, "no group %s", id);
    *end = strstr(g, "</g>");
    cr_assert_not_null(*end);
    return g;
}

static size_t count_between(const char *from, const char *to, const char *what)
{
    size_t n = 0;
    for (const char *p = strstr(from, what); p != NULL && p < to; p = strstr(p + 1, what))
        n++;
    return n;
}

static const char *legend_start(const char *svg)
{
    const char *legend = strstr(svg, "<g id=\"legend\"");
    cr_assert_not_null(legend, "no legend");
    return legend;
}

/* Both pictures: the shapes' window (the clip rectangle of everything
 * drawn from the scene) and the legend's box lie apart on the canvas.
 * starts and ends get the groups of shapes, arrows and lengthened arrows. */
static void expect_picture_beside_legend(const char *svg, const char *starts[3],
                                         const char *ends[3])
{
    const double width = svg_attribute(svg, "<svg ", "width"),
                 height = svg_attribute(svg, "<svg ", "height");
    const box picture = svg_rect(svg, "<rect id=\"picture\""),
              legend = svg_rect(svg, "<rect id=\"legend-box\"");
    const box both[2] = {picture, legend};
    for (int k = 0; k < 2; k++) {
        cr_expect(both[k].x >= 0 && both[k].y >= 0 && both[k].x + both[k].w <= width &&
                      both[k].y + both[k].h <= height,
                  "a box %g,%g %gx%g outside the canvas %gx%g", both[k].x, both[k].y, both[k].w,
                  both[k].h, width, height);
    }
    const int apart = legend.x >= picture.x + picture.w || legend.x + legend.w <= picture.x ||
                      legend.y >= picture.y + picture.h || legend.y + legend.h <= picture.y;
    cr_expect(apart, "the legend (%g,%g %gx%g) overlaps the shapes' window (%g,%g %gx%g)",
              legend.x, legend.y, legend.w, legend.h, picture.x, picture.y, picture.w, picture.h);
    cr_expect(strstr(svg, "<clipPath id=\"picture-clip\"><rect id=\"picture\"") != NULL);
    const char *groups[] = {"shapes", "arrows", "arrows-lengthened"};
    for (int k = 0; k < 3; k++) {
        starts[k] = svg_group(svg, groups[k], &ends[k]);
        const char *tag_end = strchr(starts[k], '>');
        const char *clip = strstr(starts[k], "clip-path=\"url(#picture-clip)\"");
        cr_expect(clip != NULL && clip < tag_end, "group %s is not clipped to the window",
                  groups[k]);
    }
}

/* Every arrow's shaft shows: its length is well past its head's (the
 * marker's width in strokes), and the legend says why some are dashed. */
static void expect_arrow_shafts(const char *svg, const char *const starts[3],
                                const char *const ends[3])
{
    const double head = svg_attribute(svg, "<marker id=\"head\"", "markerWidth") *
                        svg_attribute(svg, starts[1], "stroke-width");
    for (int k = 1; k < 3; k++) {
        for (const char *line = strstr(starts[k], "<line "); line != NULL && line < ends[k];
             line = strstr(line + 1, "<line ")) {
            const double dx = svg_attribute(line, "<line ", "x2") -
                              svg_attribute(line, "<line ", "x1"),
                         dy = svg_attribute(line, "<line ", "y2") -
                              svg_attribute(line, "<line ", "y1");
            cr_expect_geq(sqrt(dx * dx + dy * dy), 1.5 * head, "arrow %.*s, head %g pixels",
                          (int)strcspn(line, "\n"), line, head);
        }
    }
    cr_expect(strstr(legend_start(svg), ">dashed: shorter than") != NULL,
              "no key to the dashed arrows");
}

/* The 2D picture, polygons only or --mix: the legend in a band of its
 * own beside the shapes (which are clipped to their window), the counts
 * as visible text that matches what is drawn, every arrow long enough
 * for a shaft beside its head, and the segment entry when segments are
 * drawn. */
static void expect_svg_layout(int mix)
{
    char path[4200];
    temp_path(path, sizeof path);
    run_spec spec = {{"demo", "--shapes", "2000", "--svg", path, mix ? "--mix" : NULL, NULL}, NULL,
                     NULL, NULL, NULL};
    run_result r = run(&spec);
    cr_assert_eq(r.status, 0, "exit %d, stderr:\n%s", r.status, r.err);
    char *svg = read_file(path);

    const char *ends[3], *starts[3];
    expect_picture_beside_legend(svg, starts, ends);

    /* the visible counts, and that they count what is drawn */
    const char *drawn = strstr(svg, "<text id=\"drawn\"");
    cr_assert_not_null(drawn, "no visible counts");
    size_t shapes = 0, hits = 0, dashed = 0;
    cr_assert_eq(sscanf(strchr(drawn, '>') + 1, "drawn: %zu shapes, %zu hits (%zu dashed)", &shapes,
                        &hits, &dashed),
                 3, "counts: %.80s", drawn);
    const size_t elements = count_between(starts[0], ends[0], "<polygon ") +
                            count_between(starts[0], ends[0], "<circle ") +
                            count_between(starts[0], ends[0], "<line ");
    cr_expect_eq(shapes, elements, "drawn: %zu shapes, but %zu elements", shapes, elements);
    cr_expect_gt(hits, 0);
    cr_expect_eq(hits, count_between(starts[1], ends[1], "<line ") +
                           count_between(starts[2], ends[2], "<line "));
    cr_expect_eq(dashed, count_between(starts[2], ends[2], "<line "));
    const char *scene = strstr(svg, "<text id=\"scene\"");
    cr_expect(scene != NULL && strncmp(strchr(scene, '>') + 1, "scene: 2000 shapes", 18) == 0,
              "scene counts: %.80s", scene);
    cr_expect(strstr(legend_start(svg), "window: ") != NULL);

    expect_arrow_shafts(svg, starts, ends);

    const char *key = legend_start(svg);
    cr_expect(strstr(key, "in a hit") != NULL && strstr(key, "containment") != NULL &&
                  strstr(key, "separating vector") != NULL && strstr(key, "dashed") != NULL,
              "legend: %.200s", key);
    if (mix) {
        cr_expect(strstr(key, ">segment ") != NULL, "no segment entry in the --mix legend");
        cr_expect(strstr(key, "radius") != NULL, "no entry for the round kinds");
    } else {
        cr_expect(strstr(key, ">segment ") == NULL, "a segment entry without segments");
    }
    free(svg);
    remove(path);
    run_free(&r);
}

Test(cli, demo_svg_has_its_legend_beside_the_shapes)
{
    expect_svg_layout(0);
}

Test(cli, demo_mix_svg_explains_segments)
{
    expect_svg_layout(1);
}

Test(cli, demo_unknown_backend_fails)
{
    run_result r = run_in_data("demo", "--backend", "nosuch", NULL);
    cr_expect_eq(r.status, 2);
    cr_expect(strstr(r.err, "nosuch") != NULL, "stderr: %s", r.err);
    cr_expect(strstr(r.err, sepax_status_string(SEPAX_ERR_UNKNOWN_BACKEND)) != NULL, "stderr: %s",
              r.err);
    run_free(&r);
}

Test(cli, demo_unsupported_backend_fails)
{
    /* Some backend is always missing: NEON and the x86 ones exclude each
     * other. */
    int missing = -1;
    for (int b = 0; b < SEPAX_BACKEND_COUNT && missing < 0; b++) {
        if (!sepax_backend_available((sepax_backend)b)) {
            missing = b;
        }
    }
    cr_assert_geq(missing, 0, "every backend is available here");
    run_spec spec = {{"demo", "--shapes", "50", "--backend",
                      sepax_backend_name((sepax_backend)missing), NULL},
                     NULL, NULL, NULL, NULL};
    run_result r = run(&spec);
    cr_expect_eq(r.status, 2, "exit %d", r.status);
    cr_expect(strstr(r.err, sepax_status_string(SEPAX_ERR_UNSUPPORTED_BACKEND)) != NULL,
              "stderr: %s", r.err);
    run_free(&r);
}

Test(cli, demo_with_bad_environment_backend_fails)
{
    run_spec spec = {{"demo", "--shapes", "100", NULL}, NULL, NULL, "SEPAX_BACKEND", "nosuch"};
    run_result r = run(&spec);
    cr_expect_neq(r.status, 0);
    cr_expect(strstr(r.err, "SEPAX_BACKEND=nosuch") != NULL, "stderr: %s", r.err);
    run_free(&r);
}

/* ---- check: the same bytes under every backend ----------------------- */

/* A generated scene written out in world coordinates, so that check's
 * broadphase finds a few hundred pairs of every size class. */
static void write_random_scene(const char *path, uint64_t seed, uint32_t max_vertices)
{
    sepax_scene_params p = sepax_scene_params_default();
    p.shapes = 400;
    p.seed = seed;
    p.max_vertices = max_vertices;
    p.box_share = 0.2;
    sepax_scene scene;
    cr_assert_eq(sepax_scene_generate(&p, &scene), 0);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    for (size_t i = 0; i < scene.shape_count; i++) {
        const sepax_scene_shape *sh = &scene.shapes[i];
        const sepax_transform t = sh->xf;
        if (sh->kind == SEPAX_SCENE_BOX) {
            fprintf(f, "box %.9g %.9g %.9g %.9g %.9g\n", t.p.x, t.p.y, sh->half.x, sh->half.y,
                    atan2(t.q.s, t.q.c));
            continue;
        }
        fputs("poly", f);
        for (uint32_t k = 0; k < sh->count; k++) {
            const sepax_vec2 v = scene.vertices[sh->first + k];
            fprintf(f, " %.9g %.9g", t.p.x + (t.q.c * v.x - t.q.s * v.y),
                    t.p.y + (t.q.s * v.x + t.q.c * v.y));
        }
        fputc('\n', f);
    }
    cr_assert_eq(fclose(f), 0);
    sepax_scene_free(&scene);
}

/* Third-column tallies of `sepax check`'s CSV (after the header): rows,
 * and rows whose third field equals want. */
static size_t csv_rows(const char *csv, unsigned want, size_t *matching)
{
    size_t rows = 0;
    *matching = 0;
    for (const char *line = strchr(csv, '\n'); line && line[1]; line = strchr(line + 1, '\n')) {
        unsigned a, b, third;
        rows++;
        if (sscanf(line + 1, "%u,%u,%u", &a, &b, &third) == 3 && third == want)
            (*matching)++;
    }
    return rows;
}

/* `sepax check SCENE [extra]` prints want byte for byte under every
 * available backend besides scalar (generic always is one). In a scaled
 * run (SEPAX_TEST_SCALE, as under valgrind, where every command is a new
 * valgrind) only under the backend SEPAX_BACKEND names, when it names one
 * of them: the full run compares them all. */
static void expect_csv_every_backend(const char *scene_path, const char *extra, const char *want)
{
    sepax_backend others[SEPAX_BACKEND_COUNT];
    size_t n = backends_others(others);
    cr_assert_geq(n, 1u, "no backend to compare with scalar");
    const char *chosen = getenv("SEPAX_BACKEND");
    if (cases_scaled(2000) < 2000 && chosen)
        for (size_t k = 0; k < n; k++)
            if (strcmp(sepax_backend_name(others[k]), chosen) == 0) {
                others[0] = others[k];
                n = 1;
                break;
            }
    for (size_t k = 0; k < n; k++) {
        const char *name = sepax_backend_name(others[k]);
        run_spec spec = {{"check", scene_path, "--backend", name, extra, NULL}, NULL, NULL, NULL,
                         NULL};
        run_result got = run(&spec);
        cr_expect_eq(got.status, 0, "%s: %s", name, got.err);
        cr_expect_str_eq(got.out, want, "%s %s: CSV differs from scalar's", name,
                         extra ? extra : "");
        run_free(&got);
    }
}

Test(cli, check_output_is_identical_under_every_backend)
{
    const uint32_t sizes[] = {8, 40};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        char scene_path[256];
        temp_path(scene_path, sizeof scene_path);
        write_random_scene(scene_path, 11 + s, sizes[s]);
        run_spec ref_spec = {{"check", scene_path, "--backend", "scalar", NULL}, NULL, NULL, NULL, NULL};
        run_result ref = run(&ref_spec);
        cr_assert_eq(ref.status, 0, "scalar: %s", ref.err);
        size_t hits;
        const size_t rows = csv_rows(ref.out, 1u, &hits);
        cr_assert_gt(rows, 100, "too few pairs (%zu rows) to compare backends", rows);
        cr_assert_gt(hits, 10, "too few hits (%zu) to compare backends", hits);
        expect_csv_every_backend(scene_path, NULL, ref.out);
        run_free(&ref);
        unlink(scene_path);
    }
}

/* ---- check --manifolds --------------------------------------------------- */

/* A box resting 0.25 deep on a wider box (tests/unit/test_manifold.c works it
 * by hand): its two bottom corners, moved up by half the depth, with the
 * ids of A's top face (2) against B's bottom edge (0), ends 0 and 1. */
Test(cli, check_manifolds_hand_worked)
{
    char path[4200];
    temp_path(path, sizeof path);
    write_text(path, "box 0 0 2 1 0\n"
                     "box 0.5 1.75 1 1 0\n"
                     "circle 10 0 1\n"
                     "pair 0 1\n"
                     "pair 0 2\n");
    run_spec spec = {{"check", path, "--manifolds", NULL}, NULL, NULL, NULL, NULL};
    run_result r = run(&spec);
    cr_expect_eq(r.status, 0, "exit %d, stderr:\n%s", r.status, r.err);
    cr_expect_str_empty(r.err);
    cr_expect_str_eq(r.out, "a,b,point,x,y,separation,id\n"
                            "0,1,0,-0.5,0.875,-0.25,2\n"
                            "0,1,1,1.5,0.875,-0.25,65538\n");
    run_free(&r);

    /* A 3D scene's rows have z after y. pairs3d.scene's first pair: cube 1
     * (half 1, at x = 1.75) 0.25 into cube 0's face +x (face 0, the
     * reference, owner A). B's face -x (1) at x = 0.75, loop 0 4 6 2 (a
     * box's corner j is positive along k when bit k of j is set), lies
     * within the reference face's sides y, z = +-1, so its four corners
     * are the points, each 0.25 deep and moved up by half that to x =
     * 0.875; their ids: face 0, incident face 1 << 8, position k on B's
     * loop << 16, 63 (an incident vertex) << 22. The sphere of radius 0.5
     * at cube 0's centre (pair 0 4): one lone point (bit 31), A's face 0
     * (kind 2 << 16), no feature of B (0xFF << 8, kind 3 << 18), between
     * the face x = 1 and the sphere's far side x = -0.5: x = 0.25, -1.5. */
    run_result r3 = run_in_data("check", "pairs3d.scene", "--manifolds", NULL);
    cr_expect_eq(r3.status, 0, "3D with --manifolds: exit %d, stderr:\n%s", r3.status, r3.err);
    cr_expect_str_empty(r3.err);
    const char *pair01 = "a,b,point,x,y,z,separation,id\n"
                         "0,1,0,0.875,-1,-1,-0.25,264241408\n"
                         "0,1,1,0.875,-1,1,-0.25,264306944\n"
                         "0,1,2,0.875,1,1,-0.25,264372480\n"
                         "0,1,3,0.875,1,-1,-0.25,264438016\n";
    cr_expect(strncmp(r3.out, pair01, strlen(pair01)) == 0, "3D --manifolds:\n%s", r3.out);
    cr_expect(strstr(r3.out, "\n0,4,0,0.25,0,0,-1.5,2148466432\n") != NULL, "3D --manifolds:\n%s",
              r3.out);
    run_free(&r3);
    remove(path);
}

/* A mixed_kinds scene written out in world coordinates: polygons (and
 * boxes, as their corners) with their radius, circles, capsules and
 * segments. */
static void write_mixed_scene(const char *path, uint64_t seed, uint32_t max_vertices)
{
    sepax_scene_params p = sepax_scene_params_mixed_kinds();
    p.shapes = 600;
    p.seed = seed;
    p.max_vertices = max_vertices;
    sepax_scene scene;
    cr_assert_eq(sepax_scene_generate(&p, &scene), 0);
    FILE *f = fopen(path, "wb");
    cr_assert_not_null(f);
    for (size_t i = 0; i < scene.shape_count; i++) {
        const sepax_scene_shape *sh = &scene.shapes[i];
        const sepax_transform t = sh->xf;
        sepax_vec2 v[SEPAX_MAX_POLYGON_VERTICES];
        uint32_t n = sh->count;
        if (sh->kind == SEPAX_SCENE_BOX) {
            const double c = cos(sh->angle), sn = sin(sh->angle);
            const double corner[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
            n = 4;
            for (int k = 0; k < 4; k++) {
                const double x = corner[k][0] * sh->half.x, y = corner[k][1] * sh->half.y;
                v[k].x = (float)(sh->centre.x + (c * x - sn * y));
                v[k].y = (float)(sh->centre.y + (sn * x + c * y));
            }
        } else if (sh->kind == SEPAX_SCENE_CIRCLE) {
            n = 1;
            v[0] = sh->centre;
        } else {
            cr_assert(n <= SEPAX_MAX_POLYGON_VERTICES);
            memcpy(v, &scene.vertices[sh->first], n * sizeof *v);
        }
        double w[SEPAX_MAX_POLYGON_VERTICES][2];
        for (uint32_t k = 0; k < n; k++) {
            w[k][0] = t.p.x + (t.q.c * v[k].x - t.q.s * v[k].y);
            w[k][1] = t.p.y + (t.q.s * v[k].x + t.q.c * v[k].y);
        }
        switch (sh->kind) {
        case SEPAX_SCENE_CIRCLE:
            fprintf(f, "circle %.9g %.9g %.9g\n", w[0][0], w[0][1], sh->radius);
            continue;
        case SEPAX_SCENE_CAPSULE:
        case SEPAX_SCENE_SEGMENT:
            fprintf(f, "%s %.9g %.9g %.9g %.9g", sh->kind == SEPAX_SCENE_SEGMENT ? "segment"
                                                                               : "capsule",
                    w[0][0], w[0][1], w[1][0], w[1][1]);
            if (sh->kind == SEPAX_SCENE_CAPSULE)
                fprintf(f, " %.9g", sh->radius);
            fputc('\n', f);
            continue;
        default:
            fputs("poly", f);
            for (uint32_t k = 0; k < n; k++)
                fprintf(f, " %.9g %.9g", w[k][0], w[k][1]);
            if (sh->kind == SEPAX_SCENE_POLYGON && sh->radius > 0)
                fprintf(f, " radius %.9g", sh->radius);
            fputc('\n', f);
        }
    }
    cr_assert_eq(fclose(f), 0);
    sepax_scene_free(&scene);
}

/* The contact points of every kind pair, byte for byte the same under
 * every backend. */
Test(cli, check_manifolds_identical_under_every_backend)
{
    /* the second scene (cores past one block) only at full scale: each
     * backend's run is a process, which valgrind starts slowly */
    const uint32_t sizes[] = {8, 12};
    const size_t scenes = cases_scaled(2000) < 2000 ? 1 : 2;
    for (size_t s = 0; s < scenes; s++) {
        char scene_path[256];
        temp_path(scene_path, sizeof scene_path);
        write_mixed_scene(scene_path, 23 + s, sizes[s]);
        run_spec ref_spec = {{"check", scene_path, "--backend", "scalar", "--manifolds", NULL},
                             NULL, NULL, NULL, NULL};
        run_result ref = run(&ref_spec);
        cr_assert_eq(ref.status, 0, "scalar: %s", ref.err);
        size_t seconds;
        const size_t rows = csv_rows(ref.out, 1u, &seconds);
        cr_assert_gt(rows, 200, "too few contact points (%zu rows) to compare backends", rows);
        cr_assert_gt(seconds, 20, "too few manifolds of two points (%zu)", seconds);
        expect_csv_every_backend(scene_path, "--manifolds", ref.out);
        run_free(&ref);
        unlink(scene_path);
    }
}

/* ---- 3D --------------------------------------------------------------- */

Test(cli, check_3d_hand_worked_pairs)
{
    expect_check_matches("pairs3d");
}

Test(cli, check_3d_hulls_and_capsules)
{
    expect_check_matches("hulls3d");
}

/* A 2D line in a 3D file, a short line, a bad quaternion, a bad radius
 * and a missing shape, each reported on its line; the lines keep their
 * shape numbers. */
Test(cli, check_3d_reports_problems_by_line)
{
    run_result r = run_in_data("check", "bad3d.scene", NULL, NULL);
    cr_expect_eq(r.status, 1, "exit %d", r.status);
    const char *want[] = {
        "bad3d.scene:3: box is a 2D shape, but this file is 3D, as its first shape (line 2) says",
        "bad3d.scene:4: sphere needs 4 numbers (cx cy cz r), got 3",
        "bad3d.scene:5: shape 3 rejected: ",
        "bad3d.scene:6: shape 4 rejected: ",
        "bad3d.scene:7: pair names shape 9, but the shapes are numbered 0 to 4",
    };
    const char *at = r.err;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const char *found = strstr(at, want[i]);
        cr_expect_not_null(found, "missing, or out of order: %s\nin:\n%s", want[i], r.err);
        if (found)
            at = found;
    }
    cr_expect_str_eq(r.out, "a,b,hit,separation,nx,ny,nz,a_in_b,b_in_a\n");
    run_free(&r);
}

Test(cli, demo_3d_prints_a_table_and_a_picture)
{
    char path[4200];
    temp_path(path, sizeof path);
    run_spec spec = {{"demo", "--3d", "--shapes", "400", "--svg", path, NULL}, NULL, NULL, NULL,
                     NULL};
    run_result r = run(&spec);
    cr_assert_eq(r.status, 0, "exit %d, stderr:\n%s", r.status, r.err);
    cr_expect(strstr(r.out, "3D boxes, spheres, hulls and capsules") != NULL, "%s", r.out);
    const char *rows[] = {"  shapes ", "  candidate pairs ", "  hits ", "  world update ",
                          "  broadphase ", "  collide ", "  scalar "};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        cr_expect_not_null(find_line_starting(r.out, rows[i]), "no '%s' row in:\n%s", rows[i],
                           r.out);
    for (int b = 0; b < SEPAX_BACKEND_COUNT; b++) {
        if (!sepax_backend_available((sepax_backend)b))
            continue;
        char start[32];
        snprintf(start, sizeof start, "  %s ", sepax_backend_name((sepax_backend)b));
        const char *row = find_line_starting(r.out, start);
        cr_expect(row != NULL && line_has(row, " yes"), "backend row: %s", row);
    }
    char *svg = read_file(path);
    cr_expect(strncmp(svg, "<svg ", 5) == 0 && strstr(svg, "<polygon ") != NULL &&
                  strstr(svg, "<circle ") != NULL,
              "svg: %.80s", svg);
    /* a reader needs the key to the colours and arrows, and the window */
    cr_expect(strstr(svg, "<title>") != NULL, "no title");
    const char *ends[3], *starts[3];
    expect_picture_beside_legend(svg, starts, ends);
    expect_arrow_shafts(svg, starts, ends);
    const char *legend = strstr(svg, "<g id=\"legend\"");
    cr_expect(legend != NULL && strstr(legend, "in a hit") != NULL &&
                  strstr(legend, "separating vector") != NULL &&
                  strstr(legend, "cube of side") != NULL,
              "no legend in the 3D picture");
    free(svg);
    remove(path);
    run_free(&r);
}

/* A random 3D scene file, its pairs from the broadphase: the CSV is the
 * same bytes under every backend. */
Test(cli, check_3d_output_is_identical_under_every_backend)
{
    char scene_path[256];
    temp_path(scene_path, sizeof scene_path);
    FILE *f = fopen(scene_path, "w");
    cr_assert_not_null(f);
    uint64_t rng = 5;
    for (int i = 0; i < 600; i++) {
        double v[10];
        for (int k = 0; k < 10; k++)
            v[k] = sepax_scene_rng_unit(&rng);
        if (i % 5 == 0) {
            fprintf(f, "sphere %.6f %.6f %.6f %.6f\n", 20 * v[0], 20 * v[1], 20 * v[2],
                    0.3 + v[3]);
        } else if (i % 5 == 1) {
            fprintf(f, "capsule3 %.6f %.6f %.6f %.6f %.6f %.6f %.6f\n", 20 * v[0], 20 * v[1],
                    20 * v[2], 20 * v[0] + v[3], 20 * v[1] + v[4], 20 * v[2] - v[5], 0.2 + v[6]);
        } else if (i % 5 == 2) {
            fputs("hull", f);
            for (int k = 0; k < 8; k++)
                fprintf(f, " %.6f %.6f %.6f", 20 * v[0] + sepax_scene_rng_unit(&rng),
                        20 * v[1] + sepax_scene_rng_unit(&rng), 20 * v[2] + sepax_scene_rng_unit(&rng));
            fputc('\n', f);
        } else {
            const double n = sqrt((v[6] - 0.5) * (v[6] - 0.5) + (v[7] - 0.5) * (v[7] - 0.5) +
                                  (v[8] - 0.5) * (v[8] - 0.5) + (v[9] - 0.5) * (v[9] - 0.5)) + 1e-9;
            fprintf(f, "box3 %.6f %.6f %.6f %.6f %.6f %.6f %.9f %.9f %.9f %.9f\n", 20 * v[0],
                    20 * v[1], 20 * v[2], 0.3 + v[3], 0.3 + v[4], 0.3 + v[5], (v[6] - 0.5) / n,
                    (v[7] - 0.5) / n, (v[8] - 0.5) / n, (v[9] - 0.5) / n);
        }
    }
    fclose(f);
    run_spec ref_spec = {{"check", scene_path, "--backend", "scalar", NULL}, NULL, NULL, NULL, NULL};
    run_result ref = run(&ref_spec);
    cr_assert_eq(ref.status, 0, "scalar: %s", ref.err);
    size_t hits;
    const size_t rows = csv_rows(ref.out, 1u, &hits);
    cr_assert_gt(rows, 100, "too few pairs (%zu rows) to compare backends", rows);
    expect_csv_every_backend(scene_path, NULL, ref.out);
    run_free(&ref);
    unlink(scene_path);
}
