/* The list behind "FILE:LINE: message": kept apart from the check
 * command so that whatever reads scene files can report the same way. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notes.h"

/* Takes ownership of text. */
static int add_note(notes *list, int line, int raw, char *text)
{
    if (list->count == list->capacity) {
        size_t grown = list->capacity > 0 ? 2 * list->capacity : 16;
        note *bigger = realloc(list->items, grown * sizeof *bigger);
        if (bigger == NULL) {
            free(text);
            return -1;
        }
        list->items = bigger;
        list->capacity = grown;
    }
    note *n = &list->items[list->count];
    n->line = line;
    n->raw = raw;
    n->order = list->count;
    n->text = text;
    list->count++;
    return 0;
}

int add_notef(notes *list, int line, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int length = vsnprintf(NULL, 0, format, args);
    va_end(args);
    char *text = length >= 0 ? malloc((size_t)length + 1) : NULL;
    if (text == NULL) {
        return -1;
    }
    va_start(args, format);
    vsnprintf(text, (size_t)length + 1, format, args);
    va_end(args);
    return add_note(list, line, 0, text);
}

/* One line of any length, without its newline. Returns 1, 0 at the end,
 * -1 when memory runs out. */
static int read_text_line(FILE *in, char **out)
{
    size_t length = 0, capacity = 128;
    char *text = malloc(capacity);
    int c = getc(in);
    if (text == NULL || c == EOF) {
        free(text);
        return text == NULL ? -1 : 0;
    }
    for (; c != EOF && c != '\n'; c = getc(in)) {
        if (length + 1 == capacity) {
            char *bigger = realloc(text, capacity *= 2);
            if (bigger == NULL) {
                free(text);
                return -1;
            }
            text = bigger;
        }
        text[length++] = (char)c;
    }
    text[length] = '\0';
    *out = text;
    return 1;
}

int gather_parser_notes(notes *list, FILE *in, const char *name)
{
    size_t prefix = strlen(name);
    char *text = NULL;
    int got;
    rewind(in);
    while ((got = read_text_line(in, &text)) > 0) {
        int line = INT_MAX, raw = 1;
        if (strncmp(text, name, prefix) == 0 && text[prefix] == ':') {
            char *end = NULL;
            long number = strtol(text + prefix + 1, &end, 10);
            if (end[0] == ':' && end[1] == ' ' && number >= 0 && number <= INT_MAX) {
                line = (int)number;
                raw = 0;
                memmove(text, end + 2, strlen(end + 2) + 1);
            }
        }
        if (add_note(list, line, raw, text) != 0) {
            return -1;
        }
    }
    return got;
}

static int compare_notes(const void *x, const void *y)
{
    const note *p = x, *q = y;
    if (p->line != q->line) {
        return p->line < q->line ? -1 : 1;
    }
    return (p->order > q->order) - (p->order < q->order);
}

void print_notes(notes *list, const char *name, FILE *err)
{
    if (list->count == 0) {
        return; /* items may be NULL, which qsort must not see */
    }
    qsort(list->items, list->count, sizeof *list->items, compare_notes);
    for (size_t i = 0; i < list->count; i++) {
        const note *n = &list->items[i];
        if (n->raw) {
            fprintf(err, "%s\n", n->text);
        } else {
            fprintf(err, "%s:%d: %s\n", name, n->line, n->text);
        }
    }
}

void free_notes(notes *list)
{
    for (size_t i = 0; i < list->count; i++) {
        free(list->items[i].text);
    }
    free(list->items);
}
