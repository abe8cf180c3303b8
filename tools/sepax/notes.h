/* Problems with a scene file come from three places at different times:
 * the parser while reading, the store while loading, the pair checks
 * last. They are gathered here and printed sorted by line, the way
 * compilers list them. */
#ifndef SEPAX_NOTES_H
#define SEPAX_NOTES_H

#include <stddef.h>
#include <stdio.h>

typedef struct note {
    int line;
    int raw;      /* text is a whole line of its own, printed as is */
    size_t order; /* arrival, so that notes on one line keep their order */
    char *text;   /* without the "FILE:LINE: " prefix unless raw */
} note;

typedef struct notes {
    note *items;
    size_t count, capacity;
} notes;

/* A note on line, printf style; returns 0, or -1 when memory runs out. */
int add_notef(notes *list, int line, const char *format, ...);
/* Read back, from the start of in, the "NAME:LINE: message" lines the
 * parser wrote there, as notes; a line of another form is kept whole and
 * listed last. Returns 0, or -1 when memory runs out. */
int gather_parser_notes(notes *list, FILE *in, const char *name);
/* Sort the notes by line and print them as "NAME:LINE: message". */
void print_notes(notes *list, const char *name, FILE *err);
void free_notes(notes *list);

#endif
