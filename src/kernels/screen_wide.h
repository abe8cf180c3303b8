/* The batch calls' pair check, screened many ids at once. Included by
 * sat_wide.h.
 *
 *   for each block of 4 pairs (8 ids), in lanes:
 *       slot = id & 0xFFFFFF
 *       good = slot < slot_limit and live_id[slot] == id (a masked
 *              gather: lanes past the slots read nothing)
 *       bad  = not good, or the pair's two slots equal
 *       if any lane is bad: stop; the block's first pair is returned
 *   return the number of leading pairs known good
 *
 * The library then runs its scalar check (collide.c) from there, which
 * names the first bad pair and its status exactly as before: the screen
 * only skips the pairs it has passed. It uses 256-bit integer lanes with a
 * gather, so the 128-bit backends (no gather in SSE2 or NEON) screen
 * nothing. Why: the scalar check costs about 13 instructions and four
 * branches per pair, a few percent of a whole collide call at its best. */

static size_t screen_wide(const uint32_t *live_id, uint32_t slot_limit, const sepax_pair *pairs,
                          size_t n)
{
#if SEPAX_WIDE_BITS >= 256
    _Static_assert(sizeof(sepax_pair) == 8, "a pair is two 32-bit ids");
    const simde__m256i slot_bits = simde_mm256_set1_epi32(0xFFFFFF);
    /* slots and the limit are below 2^24, so a signed compare is exact */
    const simde__m256i limit = simde_mm256_set1_epi32((int)slot_limit);
    const simde__m256i none = simde_mm256_setzero_si256();
    size_t k = 0;
    for (; k + 4u <= n; k += 4u) {
        const simde__m256i id = simde_mm256_loadu_si256((const void *)&pairs[k]);
        const simde__m256i slot = simde_mm256_and_si256(id, slot_bits);
        const simde__m256i in = simde_mm256_cmpgt_epi32(limit, slot);
        const simde__m256i live =
            simde_mm256_mask_i32gather_epi32(none, (const int32_t *)live_id, slot, in, 4);
        const simde__m256i good = simde_mm256_and_si256(in, simde_mm256_cmpeq_epi32(live, id));
        /* each pair's other slot: lanes (a, b) swapped */
        const simde__m256i other = simde_mm256_shuffle_epi32(slot, SIMDE_MM_SHUFFLE(2, 3, 0, 1));
        const simde__m256i same = simde_mm256_cmpeq_epi32(slot, other);
        if (simde_mm256_movemask_epi8(simde_mm256_andnot_si256(same, good)) != -1)
            break;
    }
    return k;
#else
    (void)live_id, (void)slot_limit, (void)pairs, (void)n;
    return 0;
#endif
}
