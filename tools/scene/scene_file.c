/* The text scene format (docs/FORMAT.md describes it for users).
 *
 * What sepax_scene_parse leaves in the scene, beyond what scene.h says:
 *  - *scene is overwritten (not appended to) and *problems is reset to 0
 *    before counting.
 *  - Every shape line gets a shape, so shape numbers always match the file.
 *    A line the parser rejects becomes a placeholder: a polygon with
 *    count 0. The store refuses it (fewer than 3 vertices), and since a
 *    polygon line that parses always has at least 3 vertices, count 0
 *    means "already reported" to anyone reading the scene.
 *  - Every pair line gets a pair, kept as written. A pair line that does
 *    not parse becomes (UINT32_MAX, UINT32_MAX). Pairs naming a shape
 *    twice or a shape past the end of the file are reported here but still
 *    kept, so users of scene->pairs must check them; a pair with a == b or
 *    a number >= shape_count has already been reported.
 *  - Problems that depend on the whole file (pairs naming missing shapes)
 *    are reported after all the others.
 *  - Memory comes from malloc/realloc, as sepax_scene_free expects.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scene3.h"

/* Words longer than this are cut short when quoted in a message. */
#define QUOTE_MAX 40

/* The marker stored for a pair line that did not parse. */
#define PAIR_UNREADABLE UINT32_MAX

typedef struct line_buffer {
    char *text;
    size_t length, capacity;
} line_buffer;

/* A run of non-blank characters inside the current line. */
typedef struct token {
    char *text;
    size_t length;
} token;

typedef struct parser {
    const char *name;
    FILE *err;
    size_t *problems;
    sepax_scene *scene;
    /* The 3D scene, or NULL when only 2D is parsed; dim is 0 until the
     * first shape line says 2 or 3, and first_line is that line. */
    sepax_scene3 *scene3;
    size_t shape3_capacity, point3_capacity;
    int dim, first_line;
    int line;
    /* Room behind the scene's arrays, which do not record their own. */
    size_t shape_capacity, vertex_capacity, pair_capacity, pair_line_capacity;
    /* The words and numbers of the current line. */
    token *words;
    size_t word_capacity;
    float *numbers;
    size_t number_capacity;
} parser;

/* The array, moved if need be, with room for at least `need` elements;
 * NULL when memory runs out, the old array then still being the caller's.
 * A capacity above 0 always comes with an allocated array, so a non-NULL
 * answer never means "nothing allocated". */
static void *grow(void *array, size_t *capacity, size_t need, size_t element)
{
    if (need <= *capacity && array != NULL) {
        return array;
    }
    size_t grown = *capacity < 16 ? 16 : *capacity;
    while (grown < need) {
        if (grown > SIZE_MAX / 2) {
            grown = need;
            break;
        }
        grown *= 2;
    }
    if (grown > SIZE_MAX / element) {
        return NULL;
    }
    void *bigger = realloc(array, grown * element);
    if (bigger != NULL) {
        *capacity = grown;
    }
    return bigger;
}

static void problem(parser *p, int line, const char *format, ...)
{
    ++*p->problems;
    if (p->err == NULL) {
        return;
    }
    va_list args;
    va_start(args, format);
    fprintf(p->err, "%s:%d: ", p->name, line);
    vfprintf(p->err, format, args);
    fputc('\n', p->err);
    va_end(args);
}

/* Read one line without its end-of-line characters ("\n" or "\r\n").
 * Returns 1 for a line, 0 at the end of the input, -1 when memory runs
 * out. Lines may be of any length: a polygon may have a thousand
 * vertices. */
static int read_line(FILE *in, line_buffer *buf)
{
    buf->length = 0;
    int c = getc(in);
    if (c == EOF) {
        return 0;
    }
    while (c != EOF && c != '\n') {
        /* One spare byte so that the line can always be terminated. */
        char *text = grow(buf->text, &buf->capacity, buf->length + 2, 1);
        if (text == NULL) {
            return -1;
        }
        buf->text = text;
        buf->text[buf->length++] = (char)c;
        c = getc(in);
    }
    if (buf->length > 0 && buf->text[buf->length - 1] == '\r') {
        buf->length--;
    }
    char *text = grow(buf->text, &buf->capacity, buf->length + 1, 1);
    if (text == NULL) {
        return -1;
    }
    buf->text = text;
    buf->text[buf->length] = '\0';
    return 1;
}

/* Only these separate words; anything else, a NUL byte included, is part
 * of a word and so makes a number unreadable rather than vanishing. */
static int is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Cut the line at the first '#': a comment may follow content. */
static void strip_comment(line_buffer *buf)
{
    char *hash = memchr(buf->text, '#', buf->length);
    if (hash != NULL) {
        buf->length = (size_t)(hash - buf->text);
        *hash = '\0';
    }
}

/* Split the line into words in place, terminating each one so that the C
 * number parsers can read it. Returns the number of words; words[] has
 * room for all of them (a line of n bytes has at most n / 2 + 1 words). */
static size_t split_words(line_buffer *buf, token *words)
{
    size_t count = 0;
    size_t i = 0;
    while (i < buf->length) {
        while (i < buf->length && is_blank(buf->text[i])) {
            i++;
        }
        if (i == buf->length) {
            break;
        }
        size_t start = i;
        while (i < buf->length && !is_blank(buf->text[i])) {
            i++;
        }
        words[count].text = buf->text + start;
        words[count].length = i - start;
        buf->text[i] = '\0'; /* a blank, or the spare byte at the end */
        count++;
        i++;
    }
    return count;
}

/* Read a whole word as a float, the way strtof does. NaN and infinity
 * spelled out are numbers here (the store rejects them later); a finite
 * number too large for a float is not. Returns 0 on success, 1 when the
 * word is not a number, 2 when it overflows. */
static int parse_float(const token *word, float *out)
{
    if (memchr(word->text, '\0', word->length) != NULL) {
        return 1;
    }
    char *end = NULL;
    errno = 0;
    float value = strtof(word->text, &end);
    if (end != word->text + word->length) {
        return 1;
    }
    if (errno == ERANGE && isinf(value)) {
        return 2;
    }
    *out = value;
    return 0;
}

/* Read a whole word as a shape number: decimal digits only. Returns 0 on
 * success, 1 when it is not a number, 2 when it is too large to name any
 * shape a store can hold. */
static int parse_shape_number(const token *word, uint32_t *out)
{
    if (word->length == 0) {
        return 1;
    }
    uint64_t value = 0;
    int too_large = 0;
    for (size_t i = 0; i < word->length; i++) {
        char c = word->text[i];
        if (c < '0' || c > '9') {
            return 1;
        }
        value = value * 10 + (uint64_t)(c - '0');
        if (value >= PAIR_UNREADABLE) {
            too_large = 1;
            value = PAIR_UNREADABLE; /* keep scanning: a later letter wins */
        }
    }
    if (too_large) {
        return 2;
    }
    *out = (uint32_t)value;
    return 0;
}

/* Quote a word in a message, shortened, with control bytes (a NUL among
 * them) shown as '?' so that the message stays one readable line. */
static void quote_problem(parser *p, const char *what, const token *word)
{
    char shown[QUOTE_MAX + 4];
    size_t n = word->length > QUOTE_MAX ? QUOTE_MAX : word->length;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)word->text[i];
        shown[i] = c < 0x20 || c == 0x7f ? '?' : (char)c;
    }
    strcpy(shown + n, word->length > QUOTE_MAX ? "..." : "");
    problem(p, p->line, "%s '%s'", what, shown);
}

static int append_shape(parser *p, const sepax_scene_shape *shape)
{
    sepax_scene *s = p->scene;
    sepax_scene_shape *shapes = grow(s->shapes, &p->shape_capacity, s->shape_count + 1,
                                     sizeof *shapes);
    if (shapes == NULL) {
        return -1;
    }
    s->shapes = shapes;
    s->shapes[s->shape_count++] = *shape;
    return 0;
}

static sepax_scene_shape blank_shape(const parser *p)
{
    sepax_scene_shape shape;
    memset(&shape, 0, sizeof shape);
    shape.kind = SEPAX_SCENE_POLYGON;
    shape.first = (uint32_t)p->scene->vertex_count;
    shape.count = 0;
    shape.xf = sepax_transform_identity();
    shape.line = p->line;
    return shape;
}

/* Read the numbers after the keyword. Returns how many, or -1 after
 * reporting the first word that is not one. */
static long read_numbers(parser *p, const token *words, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        int bad = parse_float(&words[i], &p->numbers[i]);
        if (bad == 1) {
            quote_problem(p, "not a number:", &words[i]);
            return -1;
        }
        if (bad == 2) {
            quote_problem(p, "number too large for a float:", &words[i]);
            return -1;
        }
    }
    return (long)count;
}

static int add_polygon(parser *p, size_t n)
{
    sepax_scene *s = p->scene;
    size_t vertices = n / 2;
    if (vertices > UINT32_MAX || s->vertex_count > UINT32_MAX - vertices) {
        return -1; /* cannot be numbered by the scene's 32-bit offsets */
    }
    sepax_vec2 *all = grow(s->vertices, &p->vertex_capacity, s->vertex_count + vertices,
                           sizeof *all);
    if (all == NULL) {
        return -1;
    }
    s->vertices = all;
    sepax_scene_shape shape = blank_shape(p);
    shape.count = (uint32_t)vertices;
    for (size_t i = 0; i < vertices; i++) {
        s->vertices[s->vertex_count + i].x = p->numbers[2 * i];
        s->vertices[s->vertex_count + i].y = p->numbers[2 * i + 1];
    }
    if (append_shape(p, &shape) != 0) {
        return -1;
    }
    s->vertex_count += vertices;
    return 0;
}

static int add_box(parser *p)
{
    sepax_scene_shape shape = blank_shape(p);
    shape.kind = SEPAX_SCENE_BOX;
    shape.centre.x = p->numbers[0];
    shape.centre.y = p->numbers[1];
    shape.half.x = p->numbers[2];
    shape.half.y = p->numbers[3];
    shape.angle = p->numbers[4];
    return append_shape(p, &shape);
}

/* Whether a word is exactly the keyword: compared by length, since a NUL
 * byte inside a word belongs to it (docs/FORMAT.md) and strcmp would stop
 * there. */
static int word_is(const token *word, const char *keyword)
{
    const size_t n = strlen(keyword);
    return word->length == n && memcmp(word->text, keyword, n) == 0;
}

/* A circle, capsule or segment from the numbers just read: the end points
 * go into the vertex list like a polygon's. */
static int add_round(parser *p, sepax_scene_kind kind)
{
    sepax_scene_shape shape = blank_shape(p);
    shape.kind = kind;
    if (kind == SEPAX_SCENE_CIRCLE) {
        shape.centre.x = p->numbers[0];
        shape.centre.y = p->numbers[1];
        shape.radius = p->numbers[2];
        return append_shape(p, &shape);
    }
    const float radius = kind == SEPAX_SCENE_CAPSULE ? p->numbers[4] : 0.0f;
    if (add_polygon(p, 4) != 0)
        return -1;
    sepax_scene_shape *added = &p->scene->shapes[p->scene->shape_count - 1];
    added->kind = kind;
    added->radius = radius;
    return 0;
}

/* The shape keywords, the count of numbers each takes (0: a polygon's
 * even count of at least 6), and how that count is described. */
static const struct {
    const char *word;
    sepax_scene_kind kind;
    size_t numbers;
    const char *what;
} shape_words[] = {
    {"poly", SEPAX_SCENE_POLYGON, 0, ""},
    {"box", SEPAX_SCENE_BOX, 5, "cx cy hx hy angle"},
    {"circle", SEPAX_SCENE_CIRCLE, 3, "cx cy r"},
    {"capsule", SEPAX_SCENE_CAPSULE, 5, "x1 y1 x2 y2 r"},
    {"segment", SEPAX_SCENE_SEGMENT, 4, "x1 y1 x2 y2"},
};

/* The 3D shape keywords and the numbers each takes. */
static const struct {
    const char *word;
    sepax_scene3_kind kind;
    size_t numbers;
    const char *what;
} shape3_words[] = {
    {"box3", SEPAX_SCENE3_BOX, 10, "cx cy cz hx hy hz qw qx qy qz"},
    {"sphere", SEPAX_SCENE3_SPHERE, 4, "cx cy cz r"},
    {"hull", SEPAX_SCENE3_HULL, 0, ""},
    {"capsule3", SEPAX_SCENE3_CAPSULE, 7, "x1 y1 z1 x2 y2 z2 r"},
};

/* Append a 3D shape; a placeholder (a box with no size, which the store
 * refuses) keeps a bad line's number. */
static int append_shape3(parser *p, const sepax_scene3_shape *shape)
{
    sepax_scene3 *s = p->scene3;
    sepax_scene3_shape *shapes = grow(s->shapes, &p->shape3_capacity, s->shape_count + 1,
                                      sizeof *shapes);
    if (shapes == NULL)
        return -1;
    s->shapes = shapes;
    s->shapes[s->shape_count++] = *shape;
    return 0;
}

static sepax_scene3_shape blank_shape3(const parser *p)
{
    sepax_scene3_shape shape;
    memset(&shape, 0, sizeof shape);
    shape.kind = SEPAX_SCENE3_BOX;
    shape.rotation.w = 1.0f;
    shape.xf = sepax3_transform_identity();
    shape.line = p->line;
    return shape;
}

static int shape3_line(parser *p, size_t k, const token *words, size_t count)
{
    sepax_scene3_shape shape = blank_shape3(p);
    const size_t n = count - 1;
    if (read_numbers(p, words + 1, n) < 0)
        return append_shape3(p, &shape);
    if (shape3_words[k].numbers == 0 && (n < 12 || n % 3 != 0)) {
        problem(p, p->line, "hull needs a multiple of 3 numbers, at least 12 (x y z per point, 4 points or more), got %zu", n);
        return append_shape3(p, &shape);
    }
    if (shape3_words[k].numbers != 0 && n != shape3_words[k].numbers) {
        problem(p, p->line, "%s needs %zu numbers (%s), got %zu", shape3_words[k].word,
                shape3_words[k].numbers, shape3_words[k].what, n);
        return append_shape3(p, &shape);
    }
    const float *v = p->numbers;
    shape.kind = shape3_words[k].kind;
    if (shape.kind == SEPAX_SCENE3_HULL) {
        sepax_scene3 *s = p->scene3;
        sepax3_vec *all = grow(s->points, &p->point3_capacity, s->point_count + n / 3, sizeof *all);
        if (all == NULL)
            return -1;
        s->points = all;
        shape.first_point = s->point_count;
        shape.point_count = n / 3;
        for (size_t i = 0; i < n / 3; i++)
            s->points[s->point_count++] = (sepax3_vec){v[3 * i], v[3 * i + 1], v[3 * i + 2]};
        return append_shape3(p, &shape);
    }
    if (shape.kind == SEPAX_SCENE3_CAPSULE) {
        shape.p1 = (sepax3_vec){v[0], v[1], v[2]};
        shape.p2 = (sepax3_vec){v[3], v[4], v[5]};
        shape.radius = v[6];
        return append_shape3(p, &shape);
    }
    shape.centre = (sepax3_vec){v[0], v[1], v[2]};
    if (shape.kind == SEPAX_SCENE3_SPHERE) {
        shape.radius = v[3];
    } else {
        shape.half = (sepax3_vec){v[3], v[4], v[5]};
        shape.rotation = (sepax3_quat){v[6], v[7], v[8], v[9]};
    }
    return append_shape3(p, &shape);
}

/* The first shape line fixes the file's dimension; until then only
 * unknown words can have come, as 2D placeholders, which a 3D file takes
 * over as its own so that shapes keep their numbers. */
static int decide(parser *p, int dim)
{
    if (p->dim != 0)
        return 0;
    p->dim = dim;
    p->first_line = p->line;
    if (dim == 3) {
        for (size_t i = 0; i < p->scene->shape_count; i++) {
            sepax_scene3_shape shape = blank_shape3(p);
            shape.line = p->scene->shapes[i].line;
            if (append_shape3(p, &shape) != 0)
                return -1;
        }
        p->scene->shape_count = 0;
    }
    return 0;
}

/* A line that names a shape, good or bad: it always takes the next
 * number. words[0] is the keyword. */
static int shape_line(parser *p, const token *words, size_t count)
{
    size_t k = 0, kinds = sizeof shape_words / sizeof shape_words[0];
    size_t k3 = 0, kinds3 = p->scene3 ? sizeof shape3_words / sizeof shape3_words[0] : 0;
    while (k < kinds && !word_is(&words[0], shape_words[k].word))
        k++;
    while (k3 < kinds3 && !word_is(&words[0], shape3_words[k3].word))
        k3++;
    if ((k < kinds || k3 < kinds3) && decide(p, k3 < kinds3 ? 3 : 2) != 0)
        return -1;
    if (p->dim == 3) {
        if (k3 < kinds3)
            return shape3_line(p, k3, words, count);
        if (k < kinds)
            problem(p, p->line, "%s is a 2D shape, but this file is 3D, as its first shape (line %d) says",
                    shape_words[k].word, p->first_line);
        else
            quote_problem(p, "unknown shape (expected box3, sphere, hull, capsule3 or pair):", &words[0]);
        sepax_scene3_shape placeholder = blank_shape3(p);
        return append_shape3(p, &placeholder);
    }
    if (k3 < kinds3) {
        problem(p, p->line, "%s is a 3D shape, but this file is 2D, as its first shape (line %d) says",
                shape3_words[k3].word, p->first_line);
        sepax_scene_shape placeholder = blank_shape(p);
        return append_shape(p, &placeholder);
    }
    if (k == kinds) {
        quote_problem(p, "unknown shape (expected poly, box, circle, capsule, segment or pair):",
                      &words[0]);
        sepax_scene_shape placeholder = blank_shape(p);
        return append_shape(p, &placeholder);
    }
    const int is_poly = shape_words[k].kind == SEPAX_SCENE_POLYGON;
    size_t n = count - 1;
    /* "poly ... radius r": a rounded polygon */
    const int rounded = is_poly && count >= 3 && word_is(&words[count - 2], "radius");
    if (rounded)
        n -= 2;
    int good = read_numbers(p, words + 1, n) >= 0;
    float radius = 0.0f;
    if (good && rounded) {
        good = read_numbers(p, words + count - 1, 1) >= 0;
        radius = p->numbers[0];
        if (good)
            good = read_numbers(p, words + 1, n) >= 0;
    }
    if (good && is_poly && (n < 6 || n % 2 != 0)) {
        problem(p, p->line, "poly needs an even count of at least 6 numbers (x y per vertex), got %zu", n);
        good = 0;
    }
    if (good && !is_poly && n != shape_words[k].numbers) {
        problem(p, p->line, "%s needs %zu numbers (%s), got %zu", shape_words[k].word,
                shape_words[k].numbers, shape_words[k].what, n);
        good = 0;
    }
    if (!good) {
        sepax_scene_shape placeholder = blank_shape(p);
        return append_shape(p, &placeholder);
    }
    switch (shape_words[k].kind) {
    case SEPAX_SCENE_POLYGON:
        if (add_polygon(p, n) != 0)
            return -1;
        p->scene->shapes[p->scene->shape_count - 1].radius = radius;
        return 0;
    case SEPAX_SCENE_BOX:
        return add_box(p);
    default:
        return add_round(p, shape_words[k].kind);
    }
}

/* Read the two numbers of a pair line; returns 0, or -1 after reporting. */
static int read_pair(parser *p, const token *words, size_t count, sepax_pair *out)
{
    if (count != 3) {
        problem(p, p->line, "pair needs 2 shape numbers, got %zu", count - 1);
        return -1;
    }
    uint32_t numbers[2];
    for (int i = 0; i < 2; i++) {
        int bad = parse_shape_number(&words[1 + i], &numbers[i]);
        if (bad == 1) {
            quote_problem(p, "not a shape number:", &words[1 + i]);
            return -1;
        }
        if (bad == 2) {
            quote_problem(p, "shape number too large:", &words[1 + i]);
            return -1;
        }
    }
    if (numbers[0] == numbers[1]) {
        problem(p, p->line, "pair names shape %" PRIu32 " twice", numbers[0]);
    }
    out->a = numbers[0];
    out->b = numbers[1];
    return 0;
}

/* Pair lines are kept even when bad, so that the list keeps one entry per
 * line; the caller can tell that the file asked for particular pairs. */
static int pair_line(parser *p, const token *words, size_t count)
{
    sepax_scene *s = p->scene;
    sepax_pair pair = {PAIR_UNREADABLE, PAIR_UNREADABLE};
    (void)read_pair(p, words, count, &pair);
    sepax_pair *pairs = grow(s->pairs, &p->pair_capacity, s->pair_count + 1, sizeof *pairs);
    if (pairs == NULL) {
        return -1;
    }
    s->pairs = pairs;
    int *lines = grow(s->pair_lines, &p->pair_line_capacity, s->pair_count + 1, sizeof *lines);
    if (lines == NULL) {
        return -1;
    }
    s->pair_lines = lines;
    s->pairs[s->pair_count] = pair;
    s->pair_lines[s->pair_count] = p->line;
    s->pair_count++;
    return 0;
}

static int parse_line(parser *p, line_buffer *buf)
{
    strip_comment(buf);
    token *words = grow(p->words, &p->word_capacity, buf->length / 2 + 1, sizeof *words);
    if (words == NULL) {
        return -1;
    }
    p->words = words;
    size_t count = split_words(buf, words);
    if (count == 0) {
        return 0;
    }
    float *numbers = grow(p->numbers, &p->number_capacity, count, sizeof *numbers);
    if (numbers == NULL) {
        return -1;
    }
    p->numbers = numbers;
    if (word_is(&words[0], "pair")) {
        return pair_line(p, words, count);
    }
    return shape_line(p, words, count);
}

/* Shape numbers in pairs can only be checked once every shape is known,
 * since a pair may come before the shapes it names. */
static void check_pair_ranges(parser *p, size_t shapes)
{
    const sepax_scene *s = p->scene;
    for (size_t i = 0; i < s->pair_count; i++) {
        sepax_pair pair = s->pairs[i];
        if (pair.a == pair.b) {
            continue; /* unreadable, or already reported as a shape twice */
        }
        uint32_t missing = pair.a >= shapes ? pair.a : pair.b;
        if (missing < shapes) {
            continue;
        }
        if (shapes == 0) {
            problem(p, s->pair_lines[i], "pair names shape %" PRIu32 ", but there are no shapes",
                    missing);
        } else {
            problem(p, s->pair_lines[i],
                    "pair names shape %" PRIu32 ", but the shapes are numbered 0 to %zu", missing,
                    shapes - 1);
        }
    }
}

static int parse(FILE *in, const char *name, FILE *err, sepax_scene *scene, sepax_scene3 *scene3,
                 int *dim, size_t *problems)
{
    if (in == NULL || scene == NULL) {
        return -1;
    }
    size_t ignored = 0;
    parser p;
    memset(&p, 0, sizeof p);
    p.scene3 = scene3;
    if (scene3)
        memset(scene3, 0, sizeof *scene3);
    p.name = name != NULL ? name : "<input>";
    p.err = err;
    p.problems = problems != NULL ? problems : &ignored;
    p.scene = scene;
    *p.problems = 0;
    memset(scene, 0, sizeof *scene);

    line_buffer buf = {NULL, 0, 0};
    /* Never leave the vertex array NULL: loaders form vertices + first
     * even for the empty placeholder polygons. */
    scene->vertices = grow(NULL, &p.vertex_capacity, 1, sizeof *scene->vertices);
    int status = scene->vertices != NULL ? 0 : -1;
    while (status == 0) {
        int got = read_line(in, &buf);
        if (got <= 0) {
            status = got;
            break;
        }
        if (p.line < INT_MAX) {
            p.line++;
        }
        status = parse_line(&p, &buf);
    }
    if (status == 0) {
        check_pair_ranges(&p, p.dim == 3 ? scene3->shape_count : scene->shape_count);
    }
    free(buf.text);
    free(p.words);
    free(p.numbers);
    if (status != 0) {
        sepax_scene_free(scene);
        sepax_scene3_free(scene3);
        return -1;
    }
    if (dim)
        *dim = p.dim == 3 ? 3 : 2;
    if (p.dim == 3) {
        /* the pairs were read into the 2D scene: hand them over */
        scene3->pairs = scene->pairs;
        scene3->pair_lines = scene->pair_lines;
        scene3->pair_count = scene->pair_count;
        scene->pairs = NULL;
        scene->pair_lines = NULL;
        scene->pair_count = 0;
        sepax_scene_free(scene);
    }
    return 0;
}

int sepax_scene_parse(FILE *in, const char *name, FILE *err, sepax_scene *scene,
                      size_t *problems)
{
    return parse(in, name, err, scene, NULL, NULL, problems);
}

int sepax_scene_parse_any(FILE *in, const char *name, FILE *err, sepax_scene *scene2,
                          sepax_scene3 *scene3, int *dim, size_t *problems)
{
    if (scene3 == NULL)
        return -1;
    return parse(in, name, err, scene2, scene3, dim, problems);
}
