#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "sepax/sepax.h"

Test(status, every_status_has_a_message)
{
    for (int s = 0; s < SEPAX_STATUS_COUNT; s++) {
        const char *m = sepax_status_string((sepax_status)s);
        cr_assert(m != NULL, "status %d has no message", s);
        cr_assert(m[0] != '\0', "status %d has an empty message", s);
    }
}

Test(status, messages_are_distinct)
{
    /* A user reading a log must be able to tell every failure apart. */
    for (int s = 0; s < SEPAX_STATUS_COUNT; s++) {
        for (int t = s + 1; t < SEPAX_STATUS_COUNT; t++) {
            const char *ms = sepax_status_string((sepax_status)s);
            const char *mt = sepax_status_string((sepax_status)t);
            cr_assert(strcmp(ms, mt) != 0, "statuses %d and %d share the message \"%s\"", s, t,
                      ms);
        }
    }
}

Test(status, out_of_range_still_gives_a_string)
{
    const int odd[] = {SEPAX_STATUS_COUNT, SEPAX_STATUS_COUNT + 1, 1000, -1, 0x7fffffff};
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        const char *m = sepax_status_string((sepax_status)odd[i]);
        cr_assert(m != NULL, "status value %d gave NULL", odd[i]);
        cr_assert(m[0] != '\0', "status value %d gave an empty string", odd[i]);
        /* An unknown value must not masquerade as success. */
        cr_assert(strcmp(m, sepax_status_string(SEPAX_OK)) != 0,
                  "status value %d reads as success", odd[i]);
    }
}

Test(status, ok_is_zero)
{
    /* Callers write `if (sepax_...())` to test for failure. */
    cr_assert_eq(SEPAX_OK, 0);
}

Test(status, version_macros_agree)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%d.%d.%d", SEPAX_VERSION_MAJOR, SEPAX_VERSION_MINOR,
             SEPAX_VERSION_PATCH);
    cr_assert_str_eq(buf, SEPAX_VERSION_STRING);
    cr_assert_eq(SEPAX_VERSION,
                 SEPAX_VERSION_MAJOR * 10000 + SEPAX_VERSION_MINOR * 100 + SEPAX_VERSION_PATCH);
}

Test(status, version_calls_agree_with_the_header)
{
    /* A program compares what it runs with against what it was built
     * with; here the two are the same build. */
    cr_assert_eq(sepax_version(), (uint32_t)SEPAX_VERSION);
    const char *v = sepax_version_string();
    cr_assert_not_null(v);
    cr_assert_str_eq(v, SEPAX_VERSION_STRING);
}

Test(status, bad_options_has_its_own_message)
{
    const char *m = sepax_status_string(SEPAX_ERR_BAD_OPTIONS);
    cr_assert(SEPAX_ERR_BAD_OPTIONS < SEPAX_STATUS_COUNT);
    cr_assert(m != NULL && m[0] != '\0');
    cr_assert(strcmp(m, sepax_status_string(SEPAX_STATUS_COUNT)) != 0,
              "SEPAX_ERR_BAD_OPTIONS reads as an unknown status: \"%s\"", m);
}

Test(status, codes_keep_their_values)
{
    /* A program built against an older header compares the numbers it
     * was compiled with: codes are only ever appended. */
    cr_expect_eq(SEPAX_ERR_NULL, 1);
    cr_expect_eq(SEPAX_ERR_BAD_ARGUMENT, 8);
    cr_expect_eq(SEPAX_ERR_FULL, 15);
    cr_expect_eq(SEPAX_ERR_OVERFLOW, 16);
    cr_expect_eq(SEPAX_ERR_HULL_FAILED, 21);
    cr_expect_eq(SEPAX_ERR_BAD_RADIUS, 22);
    cr_expect_eq(SEPAX_ERR_BAD_EXTENT, 23);
    cr_expect_eq(SEPAX_ERR_WRONG_KIND, 24);
    cr_expect_eq(SEPAX_ERR_BAD_WORKER, 25);
    cr_expect_eq(SEPAX_ERR_TOO_SMALL, 26);
    cr_expect_eq(SEPAX_STATUS_COUNT, 27);
}

Test(status, the_catch_all_names_only_what_it_still_covers)
{
    /* radii, extents, kinds and workers have codes of their own now */
    const char *m = sepax_status_string(SEPAX_ERR_BAD_ARGUMENT);
    cr_expect(strstr(m, "starts") != NULL, "\"%s\"", m);
    cr_expect(strstr(m, "radius") == NULL && strstr(m, "worker") == NULL &&
                  strstr(m, "hull") == NULL && strstr(m, "extent") == NULL,
              "\"%s\"", m);
}
