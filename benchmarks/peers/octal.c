/* octal.c: a C peer for zermelo's heap kernels (benchmarks/heaps.py compiles and runs it).
 *
 * Grundy sequences G(0..n) of
 *   plain  CODE  the plain O(n^2) rule for octal codes (digits 0-7, '!' = unequal split);
 *   sparse CODE  the sparse-space (rare/common) algorithm of Gangolli-Plambeck and Flammenkamp;
 *   sub    S     a finite subtraction set S = "2,5,7" (|S| <= 62, max(S) <= 64): bit-set mex.
 *
 * Usage: octal MODE SPEC N OUTFILE
 * Writes G(0..N) to OUTFILE as little-endian uint16 (uint8 for `sub`) and prints one line
 *   cpu=SECONDS largest=V rare=R mask=M domain=D picks=P
 * where cpu is CLOCK_PROCESS_CPUTIME_ID from allocating the values to the last one (no parsing, no I/O).
 *
 * Single-threaded, no allocation per heap: every array is allocated once up front.  Octal values
 * are uint16 (the program stops with an error if a value reaches 2^14), marks are uint32 stamps
 * (stamp n+1 for heap n, so no array is ever cleared).
 *
 * Build: gcc -O3 -march=native -o octal octal.c
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXK 64             /* longest code / largest subtraction */
#define VALUES (1u << 15)   /* values and XORs of values stay below this */
#define WARM 64             /* heaps computed by the plain rule before the first mask is picked */

typedef uint16_t val_t;

static int ndig;                     /* digits d0..d(ndig-1) */
static int take0[MAXK], take1[MAXK], split[MAXK], uneq[MAXK];
static int split_k[MAXK], nsplit;

static void die(const char *msg) {
    fprintf(stderr, "octal: %s\n", msg);
    exit(2);
}

static double cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* "0.77", ".07", "4!.0", "0.137": digit k is for removing k counters; '!' after a digit makes
 * its two-heap split leave heaps of different sizes. */
static void parse_code(const char *s) {
    int k = 0, seen_point = 0;
    if (*s == '.') { take0[0] = take1[0] = split[0] = uneq[0] = 0; k = 1; seen_point = 1; s++; }
    for (; *s; s++) {
        if (*s == '.') {
            if (seen_point || k != 1) die("bad code: one digit before the point");
            seen_point = 1;
            continue;
        }
        if (*s == '!') {
            if (k == 0) die("bad code: '!' needs a digit");
            uneq[k - 1] = 1;
            continue;
        }
        if (*s < '0' || *s > '7') die("bad code: octal digits only");
        if (k >= MAXK) die("code too long");
        int d = *s - '0';
        take0[k] = d & 1; take1[k] = (d >> 1) & 1; split[k] = (d >> 2) & 1; uneq[k] = 0;
        k++;
    }
    if (!seen_point) die("bad code: no point");
    ndig = k;
    nsplit = 0;
    for (int i = 0; i < ndig; i++)
        if (split[i]) split_k[nsplit++] = i;
}

/* Mark the options that leave nothing or one heap: O(t) per heap. */
static inline void mark_simple(const val_t *g, uint32_t *mark, int64_t n, uint32_t stamp) {
    int kmax = n < ndig - 1 ? (int)n : ndig - 1;
    for (int k = 0; k <= kmax; k++) {
        int64_t m = n - k;
        if (take0[k] && m == 0) mark[0] = stamp;
        if (take1[k] && m >= 1) mark[g[m]] = stamp;
    }
}

/* Every split of m (a + b = m, 1 <= a <= b, a < b if unequal): the O(m) inner loop. */
static inline void mark_all_splits(const val_t *restrict g, uint32_t *restrict mark, int64_t m, int une,
                                   uint32_t stamp) {
    int64_t top = m / 2;
    if (une && !(m & 1)) top--;
    const val_t *hi = g + m;
#pragma GCC unroll 8  /* unrolled, the stores overlap: 1.5x here (LLVM, hence numba, unrolls by itself) */
    for (int64_t a = 1; a <= top; a++) mark[g[a] ^ hi[-a]] = stamp;
}

static inline val_t mex(const uint32_t *mark, uint32_t stamp) {
    uint32_t v = 0;
    while (mark[v] == stamp) v++;
    if (v >= VALUES / 2) die("a value reached 2^14; widen val_t");
    return (val_t)v;
}

static void octal_plain(val_t *g, int64_t n_max, uint32_t *mark, int64_t from) {
    for (int64_t n = from; n <= n_max; n++) {
        uint32_t stamp = (uint32_t)n + 1;
        mark_simple(g, mark, n, stamp);
        for (int i = 0; i < nsplit; i++) {
            int k = split_k[i];
            int64_t m = n - k;
            if (m >= 2) mark_all_splits(g, mark, m, uneq[k], stamp);
        }
        g[n] = mex(mark, stamp);
    }
}

/* ---- the sparse space ------------------------------------------------------------------------
 * A mask splits values by the parity of popcount(value & mask).  Range form: a heap is rare when
 * its value has parity 0.  Domain form (offered when every splitting k has the same parity off):
 * rare when the parity equals (n + off) & 1.  Either way, for a split of m = n - k that is "good"
 * (always in the range form; k = off mod 2 in the domain form), a common x common pair XORs to the
 * rare class of n, so every common-class option value needs a rare heap in its pair. */
typedef struct {
    uint32_t mask;
    int domain, off;
    int64_t rare;
} choice_t;

static inline int par(uint32_t v) { return __builtin_parity(v); }

/* The mask with the fewest rare heaps among g[0..n), for every mask at once: the Walsh-Hadamard
 * transform of the value histogram (and of the parity-signed histogram for the domain form). */
static choice_t pick_mask(const val_t *g, int64_t n, int64_t *h, int64_t *hs) {
    uint32_t top = 0;
    for (int64_t i = 0; i < n; i++)
        if (g[i] > top) top = g[i];
    uint32_t size = 2;
    while (size <= top) size <<= 1;
    memset(h, 0, size * sizeof *h);
    memset(hs, 0, size * sizeof *hs);
    for (int64_t i = 0; i < n; i++) {
        h[g[i]]++;
        hs[g[i]] += (i & 1) ? -1 : 1;
    }
    for (uint32_t step = 1; step < size; step <<= 1)
        for (uint32_t i = 0; i < size; i += 2 * step)
            for (uint32_t j = i; j < i + step; j++) {
                int64_t x = h[j], y = h[j + step];
                h[j] = x + y; h[j + step] = x - y;
                x = hs[j]; y = hs[j + step];
                hs[j] = x + y; hs[j + step] = x - y;
            }
    choice_t best = {1, 0, 0, INT64_MAX};
    for (uint32_t m = 1; m < size; m++)  /* mask 0 makes every heap rare */
        if ((n + h[m]) / 2 < best.rare) { best.mask = m; best.rare = (n + h[m]) / 2; }
    int same = 1;
    for (int i = 1; i < nsplit; i++) same &= (split_k[i] & 1) == (split_k[0] & 1);
    if (nsplit && same) {
        int off = split_k[0] & 1, sign = off ? -1 : 1;
        for (uint32_t m = 1; m < size; m++) {
            int64_t r = (n + sign * hs[m]) / 2;
            if (r < best.rare) { best.mask = m; best.domain = 1; best.off = off; best.rare = r; }
        }
    }
    return best;
}

static inline int rare_class(const choice_t *c, int64_t n) { return c->domain ? (int)((n + c->off) & 1) : 0; }

typedef struct {   /* a rare heap and its value, side by side: one cache line holds 16 */
    int32_t pos;
    int32_t val;
} rare_t;

static int64_t collect_rare(const val_t *g, int64_t n, const choice_t *c, rare_t *rare) {
    int64_t nr = 0;
    for (int64_t i = 1; i < n; i++)  /* heap 0 is never part of a split */
        if (par(g[i] & c->mask) == rare_class(c, i)) { rare[nr].pos = (int32_t)i; rare[nr].val = g[i]; nr++; }
    return nr;
}

/* Which of the (at most 4) values o[0..no) is the XOR of some pair (x, m - x), lo <= x <= hi?
 * Bit t of the result for o[t].  Branch-free, so the compiler vectorises it (reversed loads of
 * g[m - x]): the long tail of the common x common scan usually waits for one or two last values. */
#define SCAN_BLOCK 128
static inline int hits4(const val_t *restrict g, int64_t lo, int64_t hi, int64_t m, const uint32_t *o, int no) {
    val_t o0 = (val_t)o[0], o1 = (val_t)o[no > 1 ? 1 : 0], o2 = (val_t)o[no > 2 ? 2 : 0], o3 = (val_t)o[no > 3 ? 3 : 0];
    int h0 = 0, h1 = 0, h2 = 0, h3 = 0;
    for (int64_t x = lo; x <= hi; x++) {
        val_t y = g[x] ^ g[m - x];
        h0 |= y == o0;
        h1 |= y == o1;
        h2 |= y == o2;
        h3 |= y == o3;
    }
    return (h0 | h1 << 1 | h2 << 2 | h3 << 3) & ((1 << no) - 1);
}

static void octal_sparse(val_t *g, int64_t n_max, uint32_t *mark, choice_t *chosen,
                         int64_t *picks, int64_t *nrare_out) {
    int64_t warm = n_max + 1 < WARM ? n_max + 1 : WARM;
    octal_plain(g, warm - 1, mark, 0);
    if (warm > n_max) { *nrare_out = 0; return; }
    rare_t *rare = malloc((size_t)(n_max + 2) * sizeof *rare);
    int64_t *h = malloc(VALUES * sizeof *h), *hs = malloc(VALUES * sizeof *hs);
    if (!rare || !h || !hs) die("out of memory");
    choice_t c = pick_mask(g, warm, h, hs);
    int good[MAXK];
    uint32_t olist[VALUES / 2];
    for (int i = 0; i < nsplit; i++) good[i] = !c.domain || (split_k[i] & 1) == c.off;
    int64_t nrare = collect_rare(g, warm, &c, rare);
    int64_t repick_at = 2 * nrare > nrare + 256 ? 2 * nrare : nrare + 256;
    uint32_t width = 2;  /* the mask was picked among values below width (a power of two) */
    for (int64_t i = 0; i < warm; i++)
        while (width <= g[i]) width <<= 1;
    *picks = 1;

    for (int64_t n = warm; n <= n_max; n++) {
        uint32_t stamp = (uint32_t)n + 1;
        int rc = rare_class(&c, n);
        mark_simple(g, mark, n, stamp);
        int64_t scan_top = 0;
        for (int i = 0; i < nsplit; i++) {
            int k = split_k[i];
            int64_t m = n - k;
            if (m < 2) continue;
            if (!good[i]) { mark_all_splits(g, mark, m, uneq[k], stamp); continue; }
            if (m / 2 > scan_top) scan_top = m / 2;
            /* rare x anything: every rare r < m with its partner m - r */
            const val_t *gm = g + m;
            int64_t below = nrare;  /* the rare list is ascending: drop the few at or above m */
            while (below && rare[below - 1].pos >= m) below--;
            if (uneq[k] && !(m & 1)) {
                for (int64_t j = 0; j < below; j++)
                    if (2 * (int64_t)rare[j].pos != m) mark[rare[j].val ^ gm[-rare[j].pos]] = stamp;
            } else {
                for (int64_t j = 0; j < below; j++) mark[rare[j].val ^ gm[-rare[j].pos]] = stamp;
            }
        }
        /* c: the least common-class value not excluded */
        uint32_t v = 0;
        while (par(v & c.mask) == rc || mark[v] == stamp) v++;
        /* rare-class values below it still open: scan common x common pairs until none is */
        int nopen = 0;
        for (uint32_t w = 0; w < v; w++)
            if (mark[w] != stamp) olist[nopen++] = w;
        if (nopen) {
            /* Blocks of pairs (x, m - x), x = a..a_end, over every good split.  While many values
             * are open, mark the block's XORs (branch-free stores) and then drop the open values
             * marked; blocks grow from 16 to 256 pairs.  When at most 4 are open, test a block
             * against them with the vectorised hits4, which says which of them the block excludes
             * (blocks of 16 growing to 128: the last value is often settled by the first few pairs). */
            int64_t a = 1, blk = 16, cblk = 16;
            while (nopen && a <= scan_top) {
                int64_t a_end = a + (nopen > 4 ? blk : cblk) - 1;
                if (nopen <= 4 && cblk < SCAN_BLOCK) cblk *= 2;
                if (a_end > scan_top) a_end = scan_top;
                for (int i = 0; i < nsplit; i++) {
                    if (!good[i]) continue;
                    int k = split_k[i];
                    int64_t m = n - k;
                    int64_t hi = uneq[k] ? (m - 1) / 2 : m / 2;
                    if (hi > a_end) hi = a_end;
                    if (nopen > 4) {
                        for (int64_t x = a; x <= hi; x++) mark[g[x] ^ g[m - x]] = stamp;
                    } else if (hi >= a) {
                        int hit = hits4(g, a, hi, m, olist, nopen);
                        if (hit) {
                            int kept = 0;
                            for (int t = 0; t < nopen; t++)
                                if (!(hit >> t & 1)) olist[kept++] = olist[t];
                            nopen = kept;
                        }
                    }
                }
                if (nopen > 4) {
                    int kept = 0;
                    for (int t = 0; t < nopen; t++)
                        if (mark[olist[t]] != stamp) olist[kept++] = olist[t];
                    nopen = kept;
                    if (blk < 256) blk *= 2;
                }
                a = a_end + 1;
            }
            if (nopen) {  /* every pair seen: the least value still open is G(n) */
                uint32_t w = olist[0];
                for (int t = 1; t < nopen; t++)
                    if (olist[t] < w) w = olist[t];
                v = w;
            }
        }
        if (v >= VALUES / 2) die("a value reached 2^14; widen val_t");
        g[n] = (val_t)v;
        if (par(v & c.mask) == rc) {
            rare[nrare].pos = (int32_t)n; rare[nrare].val = (int32_t)v; nrare++;
        }
        if (nrare >= repick_at || v >= width) {  /* more rare heaps than hoped, or a wider value: re-pick */
            c = pick_mask(g, n + 1, h, hs);
            for (int i = 0; i < nsplit; i++) good[i] = !c.domain || (split_k[i] & 1) == c.off;
            nrare = collect_rare(g, n + 1, &c, rare);
            repick_at = 2 * nrare > nrare + 256 ? 2 * nrare : nrare + 256;
            while (width <= v) width <<= 1;
            ++*picks;
        }
    }
    *chosen = c;
    *nrare_out = nrare;
    free(rare); free(h); free(hs);
}

/* ---- subtraction games: the option values as bits of one word, mex = count trailing ones ---- */
static void subtraction(uint8_t *g, int64_t n_max, const int *s, int ns) {
    int smax = s[ns - 1];
    int64_t head = n_max < smax ? n_max : smax - 1;
    for (int64_t n = 0; n <= head; n++) {  /* the first max(S) heaps: not every move is legal */
        uint64_t seen = 0;
        for (int i = 0; i < ns && s[i] <= n; i++) seen |= 1ull << g[n - s[i]];
        g[n] = (uint8_t)__builtin_ctzll(~seen);
    }
    if (ns == 3) {  /* the benchmarked case, with the set in registers */
        const int s0 = s[0], s1 = s[1], s2 = s[2];
        for (int64_t n = smax; n <= n_max; n++) {
            uint64_t seen = (1ull << g[n - s0]) | (1ull << g[n - s1]) | (1ull << g[n - s2]);
            g[n] = (uint8_t)__builtin_ctzll(~seen);
        }
        return;
    }
    for (int64_t n = smax; n <= n_max; n++) {
        uint64_t seen = 0;
        for (int i = 0; i < ns; i++) seen |= 1ull << g[n - s[i]];
        g[n] = (uint8_t)__builtin_ctzll(~seen);
    }
}

static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

int main(int argc, char **argv) {
    if (argc != 5) die("usage: octal plain|sparse|sub CODE|S N OUTFILE");
    const char *mode = argv[1], *spec = argv[2], *out = argv[4];
    int64_t n_max = strtoll(argv[3], NULL, 10);
    if (n_max < 0 || n_max > 2000000000) die("N out of range");
    double t0, t1;
    uint32_t largest = 0;
    if (!strcmp(mode, "sub")) {
        int s[MAXK], ns = 0;
        for (const char *p = spec; *p;) {
            char *end;
            long k = strtol(p, &end, 10);
            if (end == p || k < 1 || k > MAXK || ns >= 62) die("bad subtraction set");  /* values <= |S| < 63 */
            s[ns++] = (int)k;
            p = *end == ',' ? end + 1 : end;
            if (*end && *end != ',') die("bad subtraction set");
        }
        if (!ns) die("empty subtraction set");
        qsort(s, ns, sizeof *s, cmp_int);
        t0 = cpu_now();  /* from the allocation on, as zermelo's time includes its np.zeros */
        uint8_t *g = malloc((size_t)n_max + 1);
        if (!g) die("out of memory");
        memset(g, 0, (size_t)n_max + 1);
        subtraction(g, n_max, s, ns);
        t1 = cpu_now();
        for (int64_t i = 0; i <= n_max; i++) if (g[i] > largest) largest = g[i];
        FILE *f = fopen(out, "wb");
        if (!f || fwrite(g, 1, (size_t)n_max + 1, f) != (size_t)n_max + 1 || fclose(f)) die("cannot write output");
        printf("cpu=%.6f largest=%u rare=-1 mask=0 domain=0 picks=0\n", t1 - t0, largest);
        return 0;
    }
    parse_code(spec);
    t0 = cpu_now();  /* from the allocation on, as zermelo's time includes its np.zeros */
    val_t *g = malloc(((size_t)n_max + 1) * sizeof *g);
    uint32_t *mark = calloc(VALUES, sizeof *mark);
    if (!g || !mark) die("out of memory");
    memset(g, 0, ((size_t)n_max + 1) * sizeof *g);
    choice_t c = {0, 0, 0, 0};
    int64_t picks = 0, nrare = -1;
    if (!strcmp(mode, "plain")) {
        octal_plain(g, n_max, mark, 0);
        t1 = cpu_now();
    } else if (!strcmp(mode, "sparse")) {
        octal_sparse(g, n_max, mark, &c, &picks, &nrare);
        t1 = cpu_now();
    } else {
        die("mode is plain, sparse or sub");
    }
    for (int64_t i = 0; i <= n_max; i++) if (g[i] > largest) largest = g[i];
    FILE *f = fopen(out, "wb");
    if (!f || fwrite(g, sizeof *g, (size_t)n_max + 1, f) != (size_t)n_max + 1 || fclose(f)) die("cannot write output");
    printf("cpu=%.6f largest=%u rare=%lld mask=%x domain=%d picks=%lld\n", t1 - t0, largest, (long long)nrare, c.mask,
           c.domain, (long long)picks);
    return 0;
}
