/* sepax check: a scene file's pairs answered as CSV, one row per pair
 * (or, with --manifolds, one row per contact point of every hit), so
 * that answers can be compared between backends, machines and versions
 * byte for byte; the file's problems go to stderr by line. A file is 2D
 * or 3D as its first shape line says; the steps are the same, on the
 * store of that dimension. */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "notes.h"
#include "scene3.h"

typedef struct check_options {
    const char *input;
    const char *csv;
    const char *backend;
    int manifolds; /* --manifolds: contact points rather than results */
} check_options;

/* A pair twice over: by shape number for the CSV, by id for the store. */
typedef struct numbered_pair {
    sepax_pair number, id;
} numbered_pair;

typedef struct check {
    const char *name; /* the file as named in messages */
    int dim;
    sepax_scene scene;
    sepax_scene3 scene3;
    sepax3_store *store3;
    sepax3_result *results3;
    sepax3_manifold_hit *manifolds3; /* the hits' manifolds (3D, --manifolds) */
    size_t manifold3_count;
    size_t problems;
    notes notes;
    sepax_store *store;
    sepax_shape_id *ids;
    sepax_status *status;
    numbered_pair *pairs;
    size_t pair_count;
    sepax_pair *by_id;
    sepax_result *results;
    sepax_manifold *manifolds;
} check;

void check_help(FILE *out)
{
    fputs("usage: sepax check FILE [--csv OUT] [--manifolds] [--backend NAME]\n"
          "\n"
          "Read a scene file of 2D or 3D shapes, which its first shape line decides\n"
          "(the format: docs/FORMAT.md in the sources):\n"
          "  2D  poly, poly ... radius R, box, circle, capsule, segment\n"
          "  3D  box3, sphere, hull, capsule3\n"
          "with optional 'pair I J' lines. Report the file's problems on standard\n"
          "error as FILE:LINE: message, in line order, and answer its pairs as CSV:\n"
          "the file's pair lines, or every broadphase pair when it has none. FILE\n"
          "may be - for standard input.\n"
          "\n"
          "options:\n"
          "  --csv OUT       write the CSV to OUT instead of standard output; OUT is\n"
          "                  opened only once the file has been answered, so a file\n"
          "                  that cannot be read leaves an earlier OUT as it was\n"
          "  --manifolds     one row per contact point of every hit instead of one\n"
          "                  row per pair\n",
          out);
    backend_option_help(out, "the backend to answer with (all give the same CSV)");
    fputs("  -h, --help      print this text\n"
          "\n"
          "A value may also follow its option after '=', as in --csv=out.csv.\n"
          "\n"
          "CSV columns (a 3D file's have nz, or z, after y):\n"
          "  a,b,hit,separation,nx,ny,a_in_b,b_in_a  one row per pair\n"
          "  a,b,point,x,y,separation,id             with --manifolds\n"
          "\n"
          "exit status: 0 every line was good, 1 problems were reported (the CSV is\n"
          "still written), 2 the check could not run (usage error, a file that\n"
          "cannot be read or written, an unusable backend, no memory).\n",
          out);
}

static int parse_check_options(int argc, char **argv, check_options *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < argc; i++) {
        const char *value = NULL;
        int got;
        if ((got = option_value(argc, argv, &i, "--csv", &value)) != 0) {
            if (got < 0 || *value == '\0') {
                return usage_error("--csv needs a file name");
            }
            o->csv = value;
        } else if ((got = option_value(argc, argv, &i, "--backend", &value)) != 0) {
            if (got < 0) {
                return usage_error("--backend needs a name");
            }
            o->backend = value;
        } else if (strcmp(argv[i], "--manifolds") == 0) {
            o->manifolds = 1;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage_error("check: unknown option '%s'", argv[i]);
        } else if (o->input != NULL) {
            return usage_error("check: only one scene file, got '%s' and '%s'", o->input, argv[i]);
        } else {
            o->input = argv[i];
        }
    }
    if (o->input == NULL) {
        return usage_error("check needs a scene file");
    }
    return EXIT_GOOD;
}

static void check_free(check *c)
{
    free_notes(&c->notes);
    sepax_scene_free(&c->scene);
    sepax_scene3_free(&c->scene3);
    sepax_store_destroy(c->store);
    sepax3_store_destroy(c->store3);
    free(c->results3);
    free(c->manifolds3);
    free(c->ids);
    free(c->status);
    free(c->pairs);
    free(c->by_id);
    free(c->results);
    free(c->manifolds);
}

static int read_scene(check *c, const char *path)
{
    int is_stdin = strcmp(path, "-") == 0;
    c->name = is_stdin ? "<stdin>" : path;
    FILE *in = is_stdin ? stdin : fopen(path, "r");
    if (in == NULL) {
        fprintf(stderr, "sepax: cannot read %s: %s\n", path, strerror(errno));
        return EXIT_CANNOT_RUN;
    }
    /* Without a scratch file the parser's messages go straight out,
     * merely out of line order. */
    FILE *parser_err = tmpfile();
    int parsed = sepax_scene_parse_any(in, c->name, parser_err ? parser_err : stderr, &c->scene,
                                       &c->scene3, &c->dim, &c->problems);
    int unreadable = ferror(in);
    if (!is_stdin) {
        fclose(in);
    }
    if (parser_err != NULL) {
        if (gather_parser_notes(&c->notes, parser_err, c->name) != 0) {
            parsed = -1;
        }
        fclose(parser_err);
    }
    if (parsed != 0) {
        return out_of_memory();
    }
    if (unreadable) {
        fprintf(stderr, "sepax: error reading %s\n", c->name);
        return EXIT_CANNOT_RUN;
    }
    return EXIT_GOOD;
}

static size_t shape_count(const check *c)
{
    return c->dim == 3 ? c->scene3.shape_count : c->scene.shape_count;
}

static int shape_line_of(const check *c, size_t i)
{
    return c->dim == 3 ? c->scene3.shapes[i].line : c->scene.shapes[i].line;
}

/* Placeholders (count-0 polygons, size-0 boxes) stand for lines the
 * parser already reported. */
static int placeholder(const check *c, size_t i)
{
    if (c->dim == 3) {
        const sepax_scene3_shape *s = &c->scene3.shapes[i];
        return s->kind == SEPAX_SCENE3_BOX && s->half.x == 0.0f && s->half.y == 0.0f &&
               s->half.z == 0.0f;
    }
    return c->scene.shapes[i].kind == SEPAX_SCENE_POLYGON && c->scene.shapes[i].count == 0;
}

/* Put every shape in the store and report those it refuses. */
static int load_scene(check *c, const char *backend)
{
    if (c->dim == 3 ? create_store3(&c->store3) != 0 : create_store(&c->store) != 0) {
        return EXIT_CANNOT_RUN;
    }
    if (backend != NULL && (c->dim == 3 ? select_backend3(c->store3, backend)
                                        : select_backend(c->store, backend)) != 0) {
        return EXIT_CANNOT_RUN;
    }
    size_t n = shape_count(c);
    c->ids = alloc_array(n, sizeof *c->ids);
    c->status = alloc_array(n, sizeof *c->status);
    if (c->ids == NULL || c->status == NULL) {
        return out_of_memory();
    }
    if (c->dim == 3)
        sepax_scene3_load(&c->scene3, c->store3, c->ids, c->status);
    else
        sepax_scene_load(&c->scene, c->store, c->ids, c->status);
    for (size_t i = 0; i < n; i++) {
        if (c->status[i] != SEPAX_OK && !placeholder(c, i)) {
            if (add_notef(&c->notes, shape_line_of(c, i), "shape %zu rejected: %s", i,
                          sepax_status_string(c->status[i])) != 0) {
                return out_of_memory();
            }
            c->problems++;
        }
    }
    return EXIT_GOOD;
}

/* The file's own pairs, in file order and orientation. Pairs the parser
 * already reported (a shape twice, a missing shape) are skipped quietly;
 * a pair naming a shape that was rejected is reported here. */
static int file_pairs(check *c)
{
    const size_t shapes = shape_count(c);
    const size_t pair_count = c->dim == 3 ? c->scene3.pair_count : c->scene.pair_count;
    const sepax_pair *pairs = c->dim == 3 ? c->scene3.pairs : c->scene.pairs;
    const int *pair_lines = c->dim == 3 ? c->scene3.pair_lines : c->scene.pair_lines;
    c->pairs = alloc_array(pair_count, sizeof *c->pairs);
    if (c->pairs == NULL) {
        return out_of_memory();
    }
    for (size_t i = 0; i < pair_count; i++) {
        sepax_pair p = pairs[i];
        if (p.a == p.b || p.a >= shapes || p.b >= shapes) {
            continue;
        }
        int a_bad = c->status[p.a] != SEPAX_OK, b_bad = c->status[p.b] != SEPAX_OK;
        if (a_bad || b_bad) {
            uint32_t bad = a_bad ? p.a : p.b;
            if (add_notef(&c->notes, pair_lines[i], "pair skipped: shape %" PRIu32
                          " (line %d) was rejected", bad, shape_line_of(c, bad)) != 0) {
                return out_of_memory();
            }
            c->problems++;
            continue;
        }
        numbered_pair *out = &c->pairs[c->pair_count++];
        out->number = p;
        out->id.a = c->ids[p.a];
        out->id.b = c->ids[p.b];
    }
    return EXIT_GOOD;
}

static int compare_numbered(const void *x, const void *y)
{
    const numbered_pair *p = x, *q = y;
    if (p->number.a != q->number.a) {
        return p->number.a < q->number.a ? -1 : 1;
    }
    return (p->number.b > q->number.b) - (p->number.b < q->number.b);
}

/* Every pair the broadphase finds, named by shape number and sorted by
 * them, so that the CSV reads in file order and does not depend on the
 * sweep's order. */
static int broadphase_pairs(check *c)
{
    size_t count = 0;
    sepax_status status = c->dim == 3 ? sepax3_broadphase(c->store3, NULL, 0, &count)
                                      : sepax_broadphase(c->store, NULL, 0, &count);
    sepax_pair *found = alloc_array(count, sizeof *found);
    uint32_t limit = c->dim == 3 ? sepax3_store_slot_limit(c->store3)
                                 : sepax_store_slot_limit(c->store);
    uint32_t *number_of_slot = alloc_array(limit, sizeof *number_of_slot);
    c->pairs = alloc_array(count, sizeof *c->pairs);
    if (found == NULL || number_of_slot == NULL || c->pairs == NULL) {
        free(found);
        free(number_of_slot);
        return out_of_memory();
    }
    if (status == SEPAX_OK || status == SEPAX_ERR_CAPACITY) {
        status = c->dim == 3 ? sepax3_broadphase(c->store3, found, count, &count)
                             : sepax_broadphase(c->store, found, count, &count);
    }
    if (status != SEPAX_OK) {
        fprintf(stderr, "sepax: broadphase: %s\n", sepax_status_string(status));
        free(found);
        free(number_of_slot);
        return EXIT_CANNOT_RUN;
    }
    for (size_t i = 0; i < shape_count(c); i++) {
        if (c->status[i] == SEPAX_OK) {
            number_of_slot[SEPAX_ID_SLOT(c->ids[i])] = (uint32_t)i;
        }
    }
    for (size_t i = 0; i < count; i++) {
        c->pairs[i].id = found[i];
        c->pairs[i].number.a = number_of_slot[SEPAX_ID_SLOT(found[i].a)];
        c->pairs[i].number.b = number_of_slot[SEPAX_ID_SLOT(found[i].b)];
    }
    c->pair_count = count;
    qsort(c->pairs, count, sizeof *c->pairs, compare_numbered);
    free(found);
    free(number_of_slot);
    return EXIT_GOOD;
}

/* 3D manifolds come from the compacted call, with room for every pair
 * to be a hit so that one call answers: the rows are the hits' only. */
static sepax_status collide_manifolds3(check *c)
{
    return sepax3_collide_manifolds_hits(c->store3, c->by_id, c->pair_count, c->manifolds3,
                                         c->pair_count, &c->manifold3_count, NULL);
}

static int collide_pairs(check *c, int manifolds)
{
    c->by_id = alloc_array(c->pair_count, sizeof *c->by_id);
    void *answers;
    if (c->dim == 3 && manifolds)
        answers = c->manifolds3 = alloc_array(c->pair_count, sizeof *c->manifolds3);
    else if (c->dim == 3)
        answers = c->results3 = alloc_array(c->pair_count, sizeof *c->results3);
    else if (manifolds)
        answers = c->manifolds = alloc_array(c->pair_count, sizeof *c->manifolds);
    else
        answers = c->results = alloc_array(c->pair_count, sizeof *c->results);
    if (c->by_id == NULL || answers == NULL) {
        return out_of_memory();
    }
    for (size_t i = 0; i < c->pair_count; i++) {
        c->by_id[i] = c->pairs[i].id;
    }
    sepax_status status =
        c->dim == 3 ? (manifolds ? collide_manifolds3(c)
                                 : sepax3_collide(c->store3, c->by_id, c->pair_count, c->results3,
                                                  NULL))
        : manifolds ? sepax_collide_manifolds(c->store, c->by_id, c->pair_count, c->manifolds, NULL)
                    : sepax_collide(c->store, c->by_id, c->pair_count, c->results, NULL);
    if (status != SEPAX_OK) {
        fprintf(stderr, "sepax: %s: %s\n", manifolds ? "manifolds" : "collide",
                sepax_status_string(status));
        return EXIT_CANNOT_RUN;
    }
    return EXIT_GOOD;
}

/* %.9g gives every float back exactly; -0 prints as 0 because a reader of
 * the CSV cares about the value, and the sign of a zero normal component
 * only tells which shape's face was picked. */
static double csv_float(float value)
{
    return value == 0.0f ? 0.0 : (double)value;
}

static void write_csv3(FILE *out, const check *c)
{
    fputs("a,b,hit,separation,nx,ny,nz,a_in_b,b_in_a\n", out);
    for (size_t i = 0; i < c->pair_count; i++) {
        const sepax3_result *r = &c->results3[i];
        fprintf(out, "%" PRIu32 ",%" PRIu32 ",%d,%.9g,%.9g,%.9g,%.9g,%d,%d\n",
                c->pairs[i].number.a, c->pairs[i].number.b, (r->flags & SEPAX_HIT) != 0,
                csv_float(r->separation), csv_float(r->normal.x), csv_float(r->normal.y),
                csv_float(r->normal.z), (r->flags & SEPAX_A_IN_B) != 0,
                (r->flags & SEPAX_B_IN_A) != 0);
    }
}

/* One contact point's row: its pair's shapes, its place in the manifold,
 * its coordinates (x, y, and z in 3D), its own separation and its
 * feature id as an unsigned decimal integer. */
static void write_contact_row(FILE *out, const numbered_pair *pair, unsigned k,
                              const float *coords, int dim, float separation, uint32_t id)
{
    fprintf(out, "%" PRIu32 ",%" PRIu32 ",%u", pair->number.a, pair->number.b, k);
    for (int d = 0; d < dim; d++) {
        fprintf(out, ",%.9g", csv_float(coords[d]));
    }
    fprintf(out, ",%.9g,%" PRIu32 "\n", csv_float(separation), id);
}

/* One row per contact point of every hit, in pair order; a pair that is
 * no hit has no row. 3D rows have z after y; the manifolds come from the
 * compacted call, each naming its pair. */
static void write_manifolds_csv(FILE *out, const check *c)
{
    fputs(c->dim == 3 ? "a,b,point,x,y,z,separation,id\n" : "a,b,point,x,y,separation,id\n",
          out);
    if (c->dim == 3) {
        for (size_t h = 0; h < c->manifold3_count; h++) {
            const sepax3_manifold_hit *hit = &c->manifolds3[h];
            for (unsigned k = 0; k < hit->manifold.point_count; k++) {
                const sepax3_contact *p = &hit->manifold.points[k];
                const float xyz[3] = {p->point.x, p->point.y, p->point.z};
                write_contact_row(out, &c->pairs[hit->pair], k, xyz, 3, p->separation, p->id);
            }
        }
        return;
    }
    for (size_t i = 0; i < c->pair_count; i++) {
        const sepax_manifold *m = &c->manifolds[i];
        for (unsigned k = 0; k < m->point_count; k++) {
            const sepax_contact *p = &m->points[k];
            const float xy[2] = {p->point.x, p->point.y};
            write_contact_row(out, &c->pairs[i], k, xy, 2, p->separation, p->id);
        }
    }
}

static void write_csv(FILE *out, const check *c)
{
    if (c->manifolds != NULL || c->manifolds3 != NULL) {
        write_manifolds_csv(out, c);
        return;
    }
    if (c->dim == 3) {
        write_csv3(out, c);
        return;
    }
    fputs("a,b,hit,separation,nx,ny,a_in_b,b_in_a\n", out);
    for (size_t i = 0; i < c->pair_count; i++) {
        const sepax_result *r = &c->results[i];
        fprintf(out, "%" PRIu32 ",%" PRIu32 ",%d,%.9g,%.9g,%.9g,%d,%d\n", c->pairs[i].number.a,
                c->pairs[i].number.b, (r->flags & SEPAX_HIT) != 0, csv_float(r->separation),
                csv_float(r->normal.x), csv_float(r->normal.y), (r->flags & SEPAX_A_IN_B) != 0,
                (r->flags & SEPAX_B_IN_A) != 0);
    }
}

int cmd_check(int argc, char **argv)
{
    check_options options;
    int code = parse_check_options(argc, argv, &options);
    if (code != EXIT_GOOD) {
        return code;
    }
    check c;
    memset(&c, 0, sizeof c);
    code = read_scene(&c, options.input);
    if (code == EXIT_GOOD) {
        code = load_scene(&c, options.backend);
    }
    if (code == EXIT_GOOD) {
        code = (c.dim == 3 ? c.scene3.pair_count : c.scene.pair_count) > 0 ? file_pairs(&c)
                                                                           : broadphase_pairs(&c);
    }
    if (code == EXIT_GOOD) {
        code = collide_pairs(&c, options.manifolds);
    }
    print_notes(&c.notes, c.name, stderr);
    /* The output is opened only now, so that a file that cannot be read
     * never costs the previous CSV. */
    FILE *out = stdout;
    if (code == EXIT_GOOD && options.csv != NULL && (out = fopen(options.csv, "w")) == NULL) {
        fprintf(stderr, "sepax: cannot write %s: %s\n", options.csv, strerror(errno));
        code = EXIT_CANNOT_RUN;
    }
    if (code == EXIT_GOOD) {
        write_csv(out, &c);
        int failed = fflush(out) != 0 || ferror(out);
        if (out != stdout) {
            failed |= fclose(out) != 0;
        }
        if (failed) {
            fprintf(stderr, "sepax: error writing %s\n", options.csv ? options.csv : "the CSV");
            code = EXIT_CANNOT_RUN;
        } else if (c.problems > 0) {
            code = EXIT_PROBLEMS;
        }
    }
    check_free(&c);
    return code;
}
