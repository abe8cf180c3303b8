/* Slots, ids and what else every store shares (core.h). */
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "core.h"
#include "motion.h"
#include "options.h"

static size_t align_up(size_t v, size_t a)
{
    return (v + a - 1u) / a * a;
}

size_t sepax_carve(uint32_t cap, const size_t *sizes, int n, size_t *off)
{
    size_t at = 0;
    for (int k = 0; k < n; k++) {
        at = align_up(at, 64);
        off[k] = at;
        at += sizes[k] * cap;
    }
    return at;
}

void sepax_core_move(sepax_core *c, unsigned char *m, const size_t *off, uint32_t cap)
{
    uint8_t *gen = m + off[0];
    uint32_t *live_id = (uint32_t *)(m + off[1]), *free_slots = (uint32_t *)(m + off[2]);
    sepax_motion *motion = (sepax_motion *)(m + off[3]);
    if (c->slot_limit) {
        memcpy(gen, c->gen, c->slot_limit);
        memcpy(live_id, c->live_id, c->slot_limit * sizeof(uint32_t));
        memcpy(motion, c->motion, c->slot_limit * sizeof *motion);
    }
    if (c->free_count)
        memcpy(free_slots, c->free_slots, c->free_count * sizeof(uint32_t));
    c->gen = gen;
    c->live_id = live_id;
    c->free_slots = free_slots;
    c->motion = motion;
    c->slot_cap = cap;
}

/* The sizes of sepax_store_options as released, oldest first: when the
 * struct grows, its old sizeof goes here before the new one, so that
 * programs built against the older header keep working. */
static const size_t options_sizes[] = {sizeof(sepax_store_options)};

sepax_store_options sepax_store_options_default(void)
{
    const sepax_store_options o = SEPAX_STORE_OPTIONS_INIT;
    return o;
}

sepax_status sepax_core_open(const sepax_store_options *options, sepax_core *core,
                             uint32_t *slots)
{
    memset(core, 0, sizeof *core);
    sepax_store_options opt = sepax_store_options_default();
    sepax_status st = sepax_options_read(options, options ? options->size : 0, options_sizes,
                                         sizeof options_sizes / sizeof options_sizes[0], &opt,
                                         sizeof opt);
    if (st != SEPAX_OK)
        return st;
    if ((st = sepax_backend_default(&core->backend)) != SEPAX_OK)
        return st;
    core->alloc = sepax_default_allocator();
    if (opt.allocator) {
        if (!opt.allocator->alloc || !opt.allocator->free)
            return SEPAX_ERR_NULL;
        core->alloc = *opt.allocator;
    }
    const uint32_t want = opt.initial_shapes ? opt.initial_shapes : SEPAX_CORE_FIRST_SLOTS;
    *slots = want > SEPAX_SHAPES_MOST ? SEPAX_SHAPES_MOST : want;
    return SEPAX_OK;
}

/* A store's secret: it need not resist an attacker who can read the
 * process (who could write the store as well), only make every store's
 * records foreign to every other store, in this process or another, so
 * it mixes a process-wide count with the clock and two addresses. */
static uint64_t fresh_key(const void *store)
{
    static _Atomic uint64_t count;
    struct timespec ts = {0, 0};
    (void)timespec_get(&ts, TIME_UTC);
    const uint64_t parts[4] = {atomic_fetch_add(&count, 1u) + 1u, (uint64_t)ts.tv_sec,
                               (uint64_t)ts.tv_nsec, (uint64_t)(uintptr_t)store ^
                                                         (uint64_t)(uintptr_t)&ts};
    uint64_t h = 0x2545F4914F6CDD1Dull;
    for (int k = 0; k < 4; k++) {
        h = (h ^ parts[k]) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 31;
    }
    return h;
}

void *sepax_core_create(const sepax_store_options *options, size_t store_size, uint32_t *slots,
                        sepax_status *st)
{
    sepax_core core;
    if ((*st = sepax_core_open(options, &core, slots)) != SEPAX_OK)
        return NULL;
    unsigned char *s = sepax_alloc(&core.alloc, store_size);
    if (!s) {
        *st = SEPAX_ERR_OUT_OF_MEMORY;
        return NULL;
    }
    memset(s, 0, store_size);
    core.key = fresh_key(s);
    memcpy(s, &core, sizeof core);
    return s;
}

sepax_status sepax_core_room(const sepax_core *c, uint32_t *need_cap)
{
    if (c->live >= SEPAX_SHAPES_MOST || (c->free_count == 0 && c->slot_limit >= SEPAX_SHAPES_MOST))
        return SEPAX_ERR_FULL;
    *need_cap = c->free_count || c->slot_limit < c->slot_cap
                    ? c->slot_cap
                    : sepax_slots_grown(c->slot_cap, SEPAX_CORE_FIRST_SLOTS, c->slot_limit + 1);
    return SEPAX_OK;
}

uint32_t sepax_core_take(sepax_core *c)
{
    return c->free_count ? c->free_slots[--c->free_count] : c->slot_limit++;
}

sepax_shape_id sepax_core_fill(sepax_core *c, uint32_t slot, double reach)
{
    const sepax_motion fresh = {0.0, 0.0, ++c->adds, sepax_motion_float_up(reach), 0};
    c->motion[slot] = fresh;
    c->live++;
    return c->live_id[slot] = ((uint32_t)c->gen[slot] << 24) | slot;
}

void sepax_core_release(sepax_core *c, uint32_t slot)
{
    c->gen[slot]++;
    c->live_id[slot] = SEPAX_FREE_ID(slot);
    c->free_slots[c->free_count++] = slot;
    c->live--;
}

uint32_t sepax_core_count(const sepax_core *c)
{
    return c ? c->live : 0;
}

uint32_t sepax_core_slot_limit(const sepax_core *c)
{
    return c ? c->slot_limit : 0;
}

sepax_status sepax_core_shape_check(const sepax_core *c, sepax_shape_id id)
{
    return c ? sepax_core_check_id(c, id) : SEPAX_ERR_NULL;
}

sepax_status sepax_core_id_of_slot(const sepax_core *c, uint32_t slot, sepax_shape_id *out)
{
    if (!c || !out)
        return SEPAX_ERR_NULL;
    return sepax_id_of_slot(c->live_id, c->slot_limit, slot, out);
}

sepax_backend sepax_core_backend(const sepax_core *c)
{
    return c ? c->backend : SEPAX_BACKEND_SCALAR;
}

sepax_status sepax_core_set_tasks(sepax_core *c, const sepax_task_system *tasks)
{
    return c ? sepax_tasks_set(&c->tasks, tasks) : SEPAX_ERR_NULL;
}

sepax_status sepax_core_set_backend(sepax_core *c, sepax_backend backend, const void *kernels)
{
    if (!c)
        return SEPAX_ERR_NULL;
    if ((unsigned)backend >= SEPAX_BACKEND_COUNT)
        return SEPAX_ERR_UNKNOWN_BACKEND;
    if (!kernels)
        return SEPAX_ERR_UNSUPPORTED_BACKEND;
    c->backend = backend;
    return SEPAX_OK;
}
