/* `grundy judge` tested: every problem's sample input gives exactly its sample output (the
 * samples in tests/judge/samples, see README there), seeded random inputs give what the
 * brute-force solvers (judge_brute.c, rules only) say, and bad input gets one clear line and a
 * non-zero return. Built with AddressSanitizer and UBSan. Usage: test_judge SAMPLES_DIR */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dag.h"
#include "digits.h"
#include "judge.h"
#include "judge_brute.h"

static const char *const problems[] = {"1846", "1847", "1848", "1849", "1850", "2149",
                                       "2188", "2147", "1079", "1517", "1404", "1536",
                                       "1907", "2509", "1527", "1944", "2999", "1524"};
#define PROBLEMS (sizeof problems / sizeof problems[0])

static const char *samples_dir;

/* What a run of judge_run printed. */
typedef struct {
    int rc;
    char *out;
    char *err;
} result_t;

static result_t run(const char *problem, const char *input, size_t len) {
    result_t r;
    size_t out_len, err_len;
    FILE *in = tmpfile();
    FILE *out = open_memstream(&r.out, &out_len);
    FILE *err = open_memstream(&r.err, &err_len);
    if (!in || !out || !err) {
        perror("test_judge");
        exit(2);
    }
    fwrite(input, 1, len, in);
    rewind(in);
    r.rc = judge_run(problem, in, out, err);
    fclose(in);
    fclose(out);
    fclose(err);
    return r;
}

static void result_free(result_t *r) {
    free(r->out);
    free(r->err);
}

/* The whole of a file, or NULL. */
static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *s = NULL;
    size_t cap = 0;
    *len = 0;
    for (;;) {
        if (*len + 4096 + 1 > cap) {
            cap = (*len + 4096 + 1) * 2;
            s = realloc(s, cap);
        }
        const size_t n = fread(s + *len, 1, 4096, f);
        *len += n;
        if (n == 0) break;
    }
    fclose(f);
    s[*len] = '\0';
    return s;
}

static void test_samples(const char *dir) {
    for (size_t i = 0; i < PROBLEMS; i++) {
        char path[512];
        size_t in_len, out_len;
        snprintf(path, sizeof path, "%s/%s.in", dir, problems[i]);
        char *in = slurp(path, &in_len);
        snprintf(path, sizeof path, "%s/%s.out", dir, problems[i]);
        char *want = slurp(path, &out_len);
        CHECK(in && want, "%s: sample files missing in %s", problems[i], dir);
        if (in && want) {
            result_t r = run(problems[i], in, in_len);
            CHECK(r.rc == 0 && strcmp(r.out, want) == 0 && r.err[0] == '\0',
                  "%s sample: rc %d, printed\n%s---\nwanted\n%s---\nerr: %s", problems[i], r.rc,
                  r.out, want, r.err);
            result_free(&r);
        }
        free(in);
        free(want);
    }
    /* by short name too */
    static const char snim_in[] = "1 1\n1\n1 1\n0\n";
    result_t r = run("snim", snim_in, strlen(snim_in));
    CHECK(r.rc == 0 && strcmp(r.out, "W\n") == 0, "snim by name: %d '%s'", r.rc, r.out);
    result_free(&r);
}

/* Output that cannot be written: said on err, and a failure, whatever the input. */
static void test_output_fails(void) {
    FILE *full = fopen("/dev/full", "w");
    if (!full) return; /* no such device here */
    for (size_t i = 0; i < PROBLEMS; i++) {
        char path[64], *err;
        size_t err_len;
        snprintf(path, sizeof path, "%s/%s.in", samples_dir, problems[i]);
        FILE *in = fopen(path, "rb"), *ferr = open_memstream(&err, &err_len);
        const int rc = judge_run(problems[i], in, full, ferr);
        fclose(ferr);
        CHECK(rc == 1 && strstr(err, "writing the output: No space left on device"),
              "%s to /dev/full: rc %d err '%s'", problems[i], rc, err);
        free(err);
        fclose(in);
        clearerr(full);
    }
    fclose(full);
}

/* --help's sample is the problem's sample, in and out, and says its input. */
static void test_help(void) {
    for (size_t i = 0; i < PROBLEMS; i++) {
        char path[512], *text;
        size_t len, in_len, out_len;
        FILE *f = open_memstream(&text, &len);
        const int rc = judge_help(problems[i], f, stderr);
        fclose(f);
        snprintf(path, sizeof path, "%s/%s.in", samples_dir, problems[i]);
        char *in = slurp(path, &in_len);
        snprintf(path, sizeof path, "%s/%s.out", samples_dir, problems[i]);
        char *want = slurp(path, &out_len);
        CHECK(rc == 0 && in && want && strstr(text, "\ninput: ") && strstr(text, in) &&
                  strstr(text, want),
              "judge_help %s: rc %d '%s'", problems[i], rc, text);
        free(text);
        free(in);
        free(want);
    }
    FILE *null = fopen("/dev/null", "w");
    CHECK(judge_help("9999", null, null) == 2, "judge_help of an unknown problem");
    fclose(null);
}

static void test_list_and_unknown(void) {
    char *text;
    size_t len;
    FILE *f = open_memstream(&text, &len);
    judge_list(f);
    fclose(f);
    int lines = 0, wide = 0, col = 0; /* a problem a line, wrapped before column 80 */
    for (size_t i = 0; i < len; i++) {
        lines += text[i] == '\n' && text[i + 1] != ' ';
        const unsigned char c = (unsigned char)text[i];
        col = c == '\n' ? 0 : col + ((c & 0xC0) != 0x80 ? 1 + (c >= 0xE3) : 0);
        wide += col > 80;
    }
    CHECK(lines == 18 && wide == 0, "judge_list printed %d problems, %d columns past 80", lines, wide);
    for (size_t i = 0; i < PROBLEMS; i++) {
        char needle[8];
        snprintf(needle, sizeof needle, "%s  ", problems[i]);
        CHECK(strstr(text, needle) != NULL, "judge_list lacks %s", problems[i]);
    }
    free(text);
    result_t r = run("1234", "1\n", 2);
    CHECK(r.rc == 2 && r.out[0] == '\0' && strstr(r.err, "unknown problem '1234'") &&
              strchr(r.err, '\n') == r.err + strlen(r.err) - 1,
          "unknown problem: rc %d err '%s'", r.rc, r.err);
    result_free(&r);
}

/* Bad input: the problem, its input, and a part of the one line expected on err. */
static const struct {
    const char *problem, *input, *says;
} bad[] = {
    {"1536", "2 2 5\n3\n2 5 x\n", "judge 1536: line 3: expected a number, got 'x'"},
    {"1846", "", "judge 1846: line 1: expected the number of test cases, got end of input"},
    {"1846", "2\n23 2\n", "expected n, got end of input"},
    {"1846", "2\n3 4\n5", "line 3: expected m, got end of input"}, /* no line end at the end */
    {"1846", "1\n0 3\n", "line 2: n 0 out of range (1..1000)"},
    {"1846", "101\n", "the number of test cases 101 out of range (1..100)"},
    {"1847", "0\n", "n 0 out of range (1..1000)"},
    {"1847", "7 seven\n", "expected a number, got 'seven'"},
    {"1848", "1 1 1\n", "expected a pile, got end of input"},
    {"1848", "1 0 1\n0 0 0\n", "a pile of 0 (only 0 0 0 ends)"},
    {"1849", "2\n3 5\n", "expected the number of pieces, got end of input"},
    {"1849", "2\n3\n", "expected a position, got end of input"},
    {"1849", "1\n1001\n0\n", "a position 1001 out of range (0..1000)"},
    {"1850", "3\n5 7\n", "expected a pile, got end of input"},
    {"1850", "2\n5 1000001\n0\n", "a pile 1000001 out of range (1..1000000)"},
    {"2149", "4\n", "expected N, got end of input"},
    {"2149", "1100 2\n", "M 1100 out of range (1..1099)"},
    {"2188", "1\n8 0\n", "m 0 out of range"},
    {"2147", "5 3\n", "expected n, got end of input"},
    {"2147", "0 3\n0 0\n", "a 0x3 board (only 0 0 ends)"},
    {"2147", "2001 3\n0 0\n", "n 2001 out of range (0..2000)"},
    {"1079", "1\n2001 11 5\n", "line 2: no game from 2001 11 05"},
    {"1079", "1\n1999 2 29\n", "no game from 1999 02 29"},
    {"1079", "2\n2000 1 1\n", "expected the year, got end of input"},
    {"1079", "1\n1899 12 31\n", "the year 1899 out of range (1900..2001)"},
    {"1517", "1\n", "n 1 out of range (2..4294967294)"},
    {"1517", "99999999999999999999999999999\n", "out of range"},
    {"1517", "0x10\n", "expected a number, got '0x10'"},
    {"1404", "1234567\n", "expected a string of 1 to 6 digits, got '1234567'"},
    {"1404", "12\n1a2\n", "line 2: expected a string of 1 to 6 digits, got '1a2'"},
    {"1536", "2 2 5\n1\n1 3\n", "expected the size of S, got end of input"},
    {"1536", "1 0\n", "a number of S 0 out of range (1..10000)"},
    {"1536", "1 1\n1\n1 10001\n0\n", "a heap 10001 out of range (0..10000)"},
    {"1944", "1 2\n1\n1 1.5\n0\n", "expected a number, got '1.5'"},
    {"1907", "1\n2\n1\n", "expected a number of M&Ms, got end of input"},
    {"1907", "1\n48\n", "the number of colours 48 out of range (1..47)"},
    {"2509", "2\n2 101\n", "a group of apples 101 out of range (1..100)"},
    {"2509", "3\n1 1\n", "expected a group of apples, got end of input"},
    {"1527", "3 -1\n", "b -1 out of range (0..1000000000)"},
    {"1527", "3\n", "expected b, got end of input"},
    {"2999", "1\n1\n2\n1\n", "expected a length, got end of input"},
    {"2999", "1\n1\n1\n1001\n", "a length 1001 out of range (1..1000)"},
    {"1524", "2\n1 1\n0\n1 0\n", "expected the number of chessmen, got end of input"},
    {"1524", "2\n1 1\n1 0\n1 0\n0\n", "the positions form a cycle"},
    {"1524", "2\n1 5\n0\n", "an out-position 5 out of range (0..1)"},
    {"1524", "2\n1 1\n0\n11 0 0 0 0 0 0 0 0 0 0 0\n0\n", "the number of chessmen 11 out of range"},
    {"1524", "3\n1 1\n", "expected the number of out-positions, got end of input"},
};

static void test_bad_input(void) {
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        result_t r = run(bad[i].problem, bad[i].input, strlen(bad[i].input));
        char head[32];
        snprintf(head, sizeof head, "judge %s: line ", bad[i].problem);
        const size_t n = strlen(r.err);
        CHECK(r.rc == 1 && strncmp(r.err, head, strlen(head)) == 0 && strstr(r.err, bad[i].says) &&
                  n > 0 && strchr(r.err, '\n') == r.err + n - 1,
              "bad input %zu (%s): rc %d, err '%s', wanted '%s'", i, bad[i].problem, r.rc, r.err,
              bad[i].says);
        result_free(&r);
    }
}

/* The number reader at its edges, line counting with every line end, and what a bad case leaves
 * on the output: every problem's output is whole lines, even when its input goes wrong. */
static void test_reader_edges(void) {
    for (size_t i = 0; i < PROBLEMS; i++) { /* INT64_MIN and past it: out of range, no overflow */
        static const char *const huge[] = {"-9223372036854775808\n", "-9223372036854775809\n",
                                           "9223372036854775808\n", "18446744073709551616\n"};
        for (size_t h = 0; h < 4; h++) {
            if (!strcmp(problems[i], "1404")) continue; /* digit strings, not numbers */
            result_t r = run(problems[i], huge[h], strlen(huge[h]));
            CHECK(r.rc == 1 && strstr(r.err, "out of range"), "%s on %s: rc %d err '%s'",
                  problems[i], huge[h], r.rc, r.err);
            result_free(&r);
        }
    }
    /* zeros in front change no number, however many */
    static const char padded[] = "0000000000000000000000000000000000001\n00000000000000000000000000003\n";
    result_t r = run("1847", padded, strlen(padded));
    CHECK(r.rc == 0 && !strcmp(r.out, "Kiki\nCici\n"), "1847 zero-padded: rc %d out '%s' err '%s'",
          r.rc, r.out, r.err);
    result_free(&r);
    static const char zeros[] = "-0000000000000000000000000000000 +000000000000000000000000000000000000\n";
    r = run("1527", zeros, strlen(zeros));
    CHECK(r.rc == 0 && !strcmp(r.out, "0\n"), "1527 signed zeros: rc %d out '%s' err '%s'", r.rc,
          r.out, r.err);
    result_free(&r);
    static const char big1517[] = "0000000000000000000000000000000000004294967295\n";
    r = run("1517", big1517, strlen(big1517));
    CHECK(r.rc == 1 && strstr(r.err, "out of range (2..4294967294)"),
          "1517 zero-padded too big: rc %d err '%s'", r.rc, r.err);
    result_free(&r);
    /* numbers of 1 to 22 characters (zero-padded), 3 blocks of input, so that every length
     * meets the end of a read block, the last one short after a full one: the answers those of
     * the same numbers unpadded */
    char *in_pad, *in_plain;
    size_t pad_len, plain_len;
    FILE *fpad = open_memstream(&in_pad, &pad_len), *fplain = open_memstream(&in_plain, &plain_len);
    for (unsigned i = 0; pad_len < 3 * 65536 + 100; i++) {
        const unsigned v = 2 + i * 7919 % 100000, width = 1 + i % 22;
        static const char *const sep[] = {"\n", "\r\n", " ", "\t\n"};
        fprintf(fpad, "%0*u%s", (int)width, v, sep[i / 22 % 4]);
        fprintf(fplain, "%u\n", v);
        fflush(fpad);
    }
    fprintf(fpad, "%u", 77u); /* the last without a line end: only what was read is read */
    fprintf(fplain, "%u\n", 77u);
    fclose(fpad);
    fclose(fplain);
    r = run("1517", in_pad, pad_len);
    result_t plain = run("1517", in_plain, plain_len);
    CHECK(r.rc == 0 && plain.rc == 0 && !strcmp(r.out, plain.out),
          "1517 zero-padded numbers across blocks: rc %d/%d, outputs %s", r.rc, plain.rc,
          strcmp(r.out, plain.out) ? "differ" : "agree");
    result_free(&r);
    result_free(&plain);
    free(in_pad);
    free(in_plain);
    /* 19 and 20 digits, with input after them: quoted whole in the complaint (2^64 + 5 too,
     * which 64 bits would take for 5) */
    static const char *const long_nums[] = {"9999999999999999999", "99999999999999999999",
                                            "18446744073709551621"};
    for (size_t i = 0; i < 3; i++) {
        char in[128], says[96];
        snprintf(in, sizeof in, "%s\n%40s\n", long_nums[i], "1");
        snprintf(says, sizeof says, "line 1: n %s out of range", long_nums[i]);
        r = run("1517", in, strlen(in));
        CHECK(r.rc == 1 && strstr(r.err, says), "1517 %zu digits: rc %d err '%s'",
              strlen(long_nums[i]), r.rc, r.err);
        result_free(&r);
    }
    /* CR alone, LF alone and CR LF each end one line */
    static const char *const ends[] = {"\r", "\n", "\r\n", "\n\r"};
    static const unsigned long end_lines[] = {3, 3, 3, 5};
    for (size_t e = 0; e < 4; e++) {
        char in[64];
        snprintf(in, sizeof in, "2%s5 3%s0 3%s", ends[e], ends[e], ends[e]);
        r = run("1846", in, strlen(in));
        char says[32];
        snprintf(says, sizeof says, "line %lu: n 0 out of range", end_lines[e]);
        CHECK(r.rc == 1 && strstr(r.err, says), "1846 line ends %zu: err '%s', wanted '%s'", e,
              r.err, says);
        result_free(&r);
    }
    /* bad input inside an S-Nim case: nothing of that case's line */
    static const char *const snim_bad[] = {"1 1\n2\n1 1\n1 x\n", "1 1\n3\n1 1\n1 2\n",
                                           "2 1 2\n1\n1 3\n1 1\n2\n1 1\n1 99999\n0\n"};
    static const char *const snim_out[] = {"", "", "L\n"};
    for (size_t p = 0; p < 2; p++)
        for (size_t i = 0; i < 3; i++) {
            const char *problem = p ? "1944" : "1536";
            r = run(problem, snim_bad[i], strlen(snim_bad[i]));
            CHECK(r.rc == 1 && !strcmp(r.out, snim_out[i]), "%s bad case %zu: rc %d out '%s'",
                  problem, i, r.rc, r.out);
            result_free(&r);
        }
    /* bad input inside a 2999 case: the case's answers before it, each a line (its answers
     * are written a case at a time) */
    static const char *const line_bad[] = {"1\n2\n3\n1\n2\nx\n", "1\n1\n2\n1\n",
                                           "1\n2\n1\n3\n1\n1\n3\n4\n1001\n"};
    static const char *const line_out[] = {"2\n1\n", "1\n", "1\n2\n"};
    for (size_t i = 0; i < 3; i++) {
        r = run("2999", line_bad[i], strlen(line_bad[i]));
        CHECK(r.rc == 1 && !strcmp(r.out, line_out[i]), "2999 bad case %zu: rc %d out '%s'", i,
              r.rc, r.out);
        result_free(&r);
    }
    /* every bad input of the table: what was printed is whole lines */
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        r = run(bad[i].problem, bad[i].input, strlen(bad[i].input));
        const size_t n = strlen(r.out);
        CHECK(n == 0 || r.out[n - 1] == '\n', "bad input %zu (%s) left '%s' unended", i,
              bad[i].problem, r.out);
        result_free(&r);
    }
}

/* The plain value of every line of up to 1000 stones for take[0..k-1], into sg; the largest. */
static uint32_t big_line_values(const int *take, int k, uint32_t sg[1001]) {
    static uint8_t seen[1 << 17];
    uint32_t top = 0;
    for (int len = 0; len <= 1000; len++) {
        memset(seen, 0, sizeof seen);
        for (int i = 0; i < k; i++)
            for (int a = 0; a + take[i] <= len; a++)
                seen[sg[a] ^ sg[len - take[i] - a]] = 1;
        uint32_t mex = 0;
        while (seen[mex])
            mex++;
        sg[len] = mex;
        if (mex > top) top = mex;
    }
    return top;
}

/* 2999 at its largest: lines of up to 1000 stones, 100 takes, values past 64 (the judge's
 * bitsets widen) and past 512, each length against the plain mex of every take and split. */
static void test_big_lines(void) {
    static const int sets[][3] = {{1, 100, 1}, {1, 1000, 10}, {3, 300, 3}, {1, 5, 1}};
    for (size_t t = 0; t < sizeof sets / sizeof sets[0]; t++) {
        int take[100], k = 0;
        for (int v = sets[t][0]; v <= sets[t][1] && k < 100; v += sets[t][2])
            take[k++] = v;
        static uint32_t sg[1001];
        const uint32_t top = big_line_values(take, k, sg);
        char *in, *want;
        size_t in_len, want_len;
        FILE *fin = open_memstream(&in, &in_len), *fwant = open_memstream(&want, &want_len);
        fprintf(fin, "%d\n", k);
        for (int i = 0; i < k; i++)
            fprintf(fin, " %d", take[i]);
        fprintf(fin, "\n1000\n");
        for (int q = 0; q < 1000; q++) {
            const int len = q % 2 ? 1000 - q / 2 : 1 + q / 2; /* long and short in turn */
            fprintf(fin, "%d\n", len);
            fputs(sg[len] ? "1\n" : "2\n", fwant);
        }
        fclose(fin);
        fclose(fwant);
        result_t r = run("2999", in, in_len);
        CHECK(r.rc == 0 && !strcmp(r.out, want), "2999 takes %d..%d step %d (values to %u): rc %d err '%s'",
              sets[t][0], sets[t][1], sets[t][2], top, r.rc, r.err);
        result_free(&r);
        free(in);
        free(want);
    }
}

/* 2999 with 100 random takes a case, several cases in one input: takes of both parities (most
 * lengths won by the middle take), all odd, all even (the table to 1000), and a case repeating
 * the case before it (its table kept) or an earlier one (built again), all 1000 lengths each. */
static void test_big_lines_random(void) {
    static const int kinds[] = {0, 1, 2, 1, 1, 0, 2, 3, 3, 2}; /* 0 both, 1 odd, 2 even, 3 1..100 */
    uint64_t seed = 2999;
    int take[10][100];
    char *in, *want;
    size_t in_len, want_len;
    FILE *fin = open_memstream(&in, &in_len), *fwant = open_memstream(&want, &want_len);
    for (int c = 0; c < 10; c++) {
        const int kind = kinds[c];
        const int same = c == 4 || c == 8; /* the takes of the case before */
        for (int i = 0; i < 100; i++) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            const int r = (int)(seed % 500);
            take[c][i] = same ? take[c - 1][i] : kind == 0 ? 1 + (int)(seed % 1000)
                       : kind == 1 ? 2 * r + 1 : kind == 2 ? 2 * r + 2 : 100 - i;
        }
        static uint32_t sg[1001];
        big_line_values(take[c], 100, sg);
        fprintf(fin, "100\n");
        for (int i = 0; i < 100; i++)
            fprintf(fin, i ? " %d" : "%d", take[c][i]);
        fprintf(fin, "\n1000\n");
        for (int q = 0; q < 1000; q++) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            const int len = 1 + (int)(seed % 1000);
            fprintf(fin, "%d\n", len);
            fputs(sg[len] ? "1\n" : "2\n", fwant);
        }
    }
    fclose(fin);
    fclose(fwant);
    result_t r = run("2999", in, in_len);
    size_t at = 0;
    while (r.out && r.out[at] && r.out[at] == want[at])
        at++;
    CHECK(r.rc == 0 && !strcmp(r.out, want),
          "2999 random takes, 10 cases: rc %d, answer %zu differs, err '%s'", r.rc, at / 2 + 1,
          r.err);
    result_free(&r);
    free(in);
    free(want);
}

/* --- seeded random inputs against the brute-force solvers --- */

static uint64_t rng_state = 20261125;

static uint64_t rng(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* A whole number in lo..hi. */
static int64_t pick(int64_t lo, int64_t hi) {
    return lo + (int64_t)(rng() % (uint64_t)(hi - lo + 1));
}

typedef struct {
    char *in, *want;
    size_t in_len, want_len;
    FILE *fin, *fwant;
} batch_t;

static void batch_open(batch_t *b) {
    b->fin = open_memstream(&b->in, &b->in_len);
    b->fwant = open_memstream(&b->want, &b->want_len);
}

/* Run problem on the batch's input, compare with the brute force's output. */
static void batch_check(batch_t *b, const char *problem) {
    fclose(b->fin);
    fclose(b->fwant);
    result_t r = run(problem, b->in, b->in_len);
    const int ok = r.rc == 0 && strcmp(r.out, b->want) == 0;
    if (!ok) {
        /* the first line that differs */
        size_t at = 0, line = 1;
        while (r.out[at] && r.out[at] == b->want[at]) {
            if (r.out[at] == '\n') line++;
            at++;
        }
        CHECK(ok,
              "%s random (seeded): rc %d, output line %zu differs: judge '%.40s' brute "
              "'%.40s' (err: %s)",
              problem, r.rc, line, r.out + at, b->want + at, r.err);
    } else {
        CHECK(ok, "%s", problem);
    }
    result_free(&r);
    free(b->in);
    free(b->want);
}

static int random_bash_family(void) {
    int cases = 0;
    for (int round = 0; round < 40; round++) { /* 1846 and 2188: C cases of n m */
        batch_t b1, b2;
        batch_open(&b1);
        batch_open(&b2);
        fprintf(b1.fin, "50\n");
        fprintf(b2.fin, "50\n");
        for (int i = 0; i < 50; i++) {
            const int n = (int)pick(1, 200), m = (int)pick(1, 30);
            const bool w = brute_bash(n, m);
            fprintf(b1.fin, "%d %d\n", n, m);
            fprintf(b1.fwant, w ? "first\n" : "second\n");
            fprintf(b2.fin, "%d %d\n", n, m);
            fprintf(b2.fwant, w ? "Grass\n" : "Rabbit\n");
        }
        batch_check(&b1, "1846");
        batch_check(&b2, "2188");
        cases += 100;
    }
    batch_t b;
    batch_open(&b); /* 1847: every n */
    for (int n = 1; n <= 1000; n++) {
        fprintf(b.fin, "%d\n", n);
        fprintf(b.fwant, brute_pow2(n) ? "Kiki\n" : "Cici\n");
    }
    batch_check(&b, "1847");
    cases += 1000;
    batch_open(&b); /* 2149 */
    for (int i = 0; i < 2000; i++) {
        const int m = (int)pick(1, 80), n = (int)pick(1, 80);
        fprintf(b.fin, "%d %d\n", m, n);
        int any = 0;
        for (int bid = 1; bid <= n; bid++)
            if (brute_sale_bid_wins(bid, m, n)) fprintf(b.fwant, any++ ? " %d" : "%d", bid);
        fprintf(b.fwant, any ? "\n" : "none\n");
    }
    static const int sale_edges[][2] = {{1, 199}, {199, 199}, {150, 199}, {99, 100},
                                        {9, 10},  {10, 99},   {100, 199}, {198, 199}};
    for (size_t i = 0; i < sizeof sale_edges / sizeof sale_edges[0]; i++) { /* the longest lines */
        const int m = sale_edges[i][0], n = sale_edges[i][1];
        fprintf(b.fin, "%d %d\n", m, n);
        int any = 0;
        for (int bid = 1; bid <= n; bid++)
            if (brute_sale_bid_wins(bid, m, n)) fprintf(b.fwant, any++ ? " %d" : "%d", bid);
        fprintf(b.fwant, any ? "\n" : "none\n");
    }
    batch_check(&b, "2149");
    batch_open(&b); /* 2149's longest lines, past what the brute force holds: M <= N buys at once */
    static const int sale_long[][2] = {{1, 1099}, {1099, 1099}, {1000, 1099}, {999, 1000}, {5, 1098}};
    for (size_t i = 0; i < sizeof sale_long / sizeof sale_long[0]; i++) {
        fprintf(b.fin, "%d %d\n", sale_long[i][0], sale_long[i][1]);
        for (int bid = sale_long[i][0]; bid <= sale_long[i][1]; bid++)
            fprintf(b.fwant, bid < sale_long[i][1] ? "%d " : "%d\n", bid);
    }
    batch_check(&b, "2149");
    cases += 2000;
    batch_open(&b); /* 2147 */
    for (int n = 1; n <= 60; n++)
        for (int m = 1; m <= 60; m++) {
            fprintf(b.fin, "%d %d\n", n, m);
            fprintf(b.fwant, brute_kiki(n, m) ? "Wonderful!\n" : "What a pity!\n");
        }
    fprintf(b.fin, "0 0\n");
    batch_check(&b, "2147");
    return cases + 3600;
}

static int random_nims(void) {
    int cases = 0;
    batch_t b;
    for (int round = 0; round < 3; round++) {
        batch_open(&b); /* 1848 */
        for (int i = 0; i < 1000; i++) {
            int p[3];
            for (int j = 0; j < 3; j++)
                p[j] = (int)pick(1, 30);
            fprintf(b.fin, "%d %d %d\n", p[0], p[1], p[2]);
            fprintf(b.fwant, brute_fib3(p) ? "Fibo\n" : "Nacci\n");
        }
        fprintf(b.fin, "0 0 0\n");
        batch_check(&b, "1848");
        cases += 1000;
    }
    batch_open(&b); /* 1850 */
    for (int i = 0; i < 3000; i++) {
        int h[4];
        const int k = (int)pick(1, 4);
        fprintf(b.fin, "%d\n", k);
        for (int j = 0; j < k; j++) {
            h[j] = (int)pick(1, 12);
            fprintf(b.fin, j ? " %d" : "%d", h[j]);
        }
        fputc('\n', b.fin);
        fprintf(b.fwant, "%d\n", brute_nim_winning_moves(h, k));
    }
    fprintf(b.fin, "0\n");
    cases += 3000;
    batch_check(&b, "1850");
    batch_open(&b); /* 1849: positions from 0, the leftmost cell */
    for (int i = 0; i < 3000; i++) {
        int h[4];
        const int k = (int)pick(1, 4);
        fprintf(b.fin, "%d\n", k);
        for (int j = 0; j < k; j++) {
            h[j] = (int)pick(0, 12);
            fprintf(b.fin, j ? " %d" : "%d", h[j]);
        }
        fputc('\n', b.fin);
        fprintf(b.fwant, brute_strip(h, k) ? "Rabbit Win!\n" : "Grass Win!\n");
    }
    fprintf(b.fin, "0\n");
    cases += 3000;
    batch_check(&b, "1849");
    for (int round = 0; round < 8; round++) { /* 1907: T <= 474 */
        batch_open(&b);
        fprintf(b.fin, "400\n");
        for (int i = 0; i < 400; i++) {
            int h[4];
            const int k = (int)pick(1, 4);
            fprintf(b.fin, "%d\n", k);
            for (int j = 0; j < k; j++) {
                h[j] = (int)(rng() % 3 ? pick(1, 2) : pick(1, 7)); /* many all-ones positions */
                fprintf(b.fin, j ? " %d" : "%d", h[j]);
            }
            fputc('\n', b.fin);
            fprintf(b.fwant, brute_misere(h, k) ? "John\n" : "Brother\n");
        }
        cases += 400;
        batch_check(&b, "1907");
    }
    batch_open(&b); /* 2509 */
    for (int i = 0; i < 3000; i++) {
        int h[3];
        const int k = (int)pick(1, 3);
        fprintf(b.fin, "%d\n", k);
        for (int j = 0; j < k; j++) {
            h[j] = (int)(rng() % 3 ? pick(1, 2) : pick(1, 6));
            fprintf(b.fin, j ? " %d" : "%d", h[j]);
        }
        fputc('\n', b.fin);
        fprintf(b.fwant, brute_apples(h, k) ? "Yes\n" : "No\n");
    }
    cases += 3000;
    batch_check(&b, "2509");
    batch_open(&b); /* 1527: every pair up to 60, and some near the lost pairs */
    for (int a = 0; a <= 60; a++)
        for (int c2 = 0; c2 <= 60; c2++) {
            fprintf(b.fin, "%d %d\n", a, c2);
            fprintf(b.fwant, brute_wythoff(a, c2) ? "1\n" : "0\n");
        }
    for (int i = 0; i < 2000; i++) {
        const int a = (int)pick(0, 100), c2 = (int)pick(0, 100);
        fprintf(b.fin, "%d %d\n", a, c2);
        fprintf(b.fwant, brute_wythoff(a, c2) ? "1\n" : "0\n");
    }
    cases += 61 * 61 + 2000;
    batch_check(&b, "1527");
    return cases;
}

static int random_sg(void) {
    int cases = 0;
    batch_t b;
    static const char *const snims[] = {"1536", "1944"};
    for (int which = 0; which < 2; which++) {
        batch_open(&b);
        for (int t = 0; t < 150; t++) {
            int s[4];
            const int ns = (int)pick(1, 4);
            for (int i = 0; i < ns; i++)
                s[i] = (int)pick(1, 6);
            fprintf(b.fin, "%d", ns);
            for (int i = 0; i < ns; i++)
                fprintf(b.fin, " %d", s[i]);
            const int m = (int)pick(1, 12);
            fprintf(b.fin, "\n%d\n", m);
            brute_forget(); /* a new S */
            for (int q = 0; q < m; q++) {
                int h[3];
                const int l = (int)pick(1, 3);
                fprintf(b.fin, "%d", l);
                for (int j = 0; j < l; j++) {
                    h[j] = (int)pick(0, 15);
                    fprintf(b.fin, " %d", h[j]);
                }
                fputc('\n', b.fin);
                fputc(brute_snim(h, l, s, ns) ? 'W' : 'L', b.fwant);
                cases++;
            }
            fputc('\n', b.fwant);
        }
        fprintf(b.fin, "0\n");
        batch_check(&b, snims[which]);
    }
    batch_open(&b); /* 2999 */
    for (int t = 0; t < 250; t++) {
        int s[4];
        const int ns = (int)pick(1, 4);
        fprintf(b.fin, "%d\n", ns);
        for (int i = 0; i < ns; i++) {
            s[i] = (int)pick(1, 6);
            fprintf(b.fin, i ? " %d" : "%d", s[i]);
        }
        const int m = (int)pick(1, 12);
        fprintf(b.fin, "\n%d\n", m);
        brute_forget();
        for (int q = 0; q < m; q++) {
            const int k = (int)pick(1, 14);
            fprintf(b.fin, "%d\n", k);
            fprintf(b.fwant, brute_line(&k, 1, s, ns) ? "1\n" : "2\n");
            cases++;
        }
    }
    batch_check(&b, "2999");
    batch_open(&b); /* 1524: random DAGs */
    for (int g = 0; g < 300; g++) {
        int succ[16][16], adj[16], order[16];
        const int n = (int)pick(1, 10);
        for (int i = 0; i < n; i++)
            order[i] = i;
        for (int i = n - 1; i > 0; i--) { /* a random topological order */
            const int j = (int)pick(0, i), t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        fprintf(b.fin, "%d\n", n);
        for (int i = 0; i < n; i++) { /* order[i] moves only to nodes later in the order */
            const int u = order[i];
            adj[u] = 0;
            for (int j = i + 1; j < n; j++)
                if (pick(0, 2) == 0) succ[u][adj[u]++] = order[j];
        }
        for (int u = 0; u < n; u++) {
            fprintf(b.fin, "%d", adj[u]);
            for (int e = 0; e < adj[u]; e++)
                fprintf(b.fin, " %d", succ[u][e]);
            fputc('\n', b.fin);
        }
        brute_forget();
        const int queries = (int)pick(1, 10);
        for (int q = 0; q < queries; q++) {
            int pos[3];
            const int m = (int)pick(1, 3);
            fprintf(b.fin, "%d", m);
            for (int i = 0; i < m; i++) {
                pos[i] = (int)pick(0, n - 1);
                fprintf(b.fin, " %d", pos[i]);
            }
            fputc('\n', b.fin);
            fprintf(b.fwant, brute_chess(n, succ, adj, pos, m) ? "WIN\n" : "LOSE\n");
            cases++;
        }
        fprintf(b.fin, "0\n");
    }
    batch_check(&b, "1524");
    return cases;
}

static int random_rest(void) {
    int cases = 0;
    batch_t b;
    batch_open(&b); /* 1079: every date of the game */
    static const int mdays[13] = {0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int dates = 0;
    fprintf(b.fin, "37198\n");
    for (int y = 1900; y <= 2001; y++)
        for (int m = 1; m <= 12; m++) {
            const int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
            for (int d = 1; d <= mdays[m] + (m == 2 && leap); d++) {
                if (y == 2001 && (m > 11 || (m == 11 && d > 4))) continue;
                fprintf(b.fin, "%d %d %d\n", y, m, d);
                fprintf(b.fwant, brute_calendar(y, m, d) ? "YES\n" : "NO\n");
                dates++;
            }
        }
    CHECK(dates == 37198, "the calendar has %d dates", dates);
    cases += dates;
    batch_check(&b, "1079");
    batch_open(&b); /* 1517: n spread over its whole range */
    for (int i = 0; i < 3000; i++) {
        const int bits = (int)pick(1, 32);
        uint64_t n = (rng() & ((UINT64_C(1) << bits) - 1)) | UINT64_C(1) << (bits - 1);
        if (n < 2) n = 2;
        if (n > 4294967294u) n = 4294967294u;
        fprintf(b.fin, "%llu\n", (unsigned long long)n);
        fprintf(b.fwant, brute_multiply(n) ? "Stan wins.\n" : "Ollie wins.\n");
    }
    cases += 3000;
    batch_check(&b, "1517");
    batch_open(&b); /* 1404 */
    for (int i = 0; i < 3000; i++) {
        char s[8];
        const int len = (int)pick(1, 6);
        for (int j = 0; j < len; j++)
            s[j] = (char)(rng() % 3 ? '0' + pick(0, 9) : '0' + pick(0, 2)); /* zeros, ones */
        s[len] = '\0';
        fprintf(b.fin, "%s\n", s);
        fprintf(b.fwant, brute_digits(s, false) ? "Yes\n" : "No\n");
    }
    cases += 3000;
    batch_check(&b, "1404");
    return cases;
}

/* The reusable Digital Deletions and DAG functions, against the facts and the brute force. */
static void test_apis(void) {
    CHECK(!judge_digits_is_lost("0", false) && !judge_digits_is_lost("00", false) &&
              judge_digits_is_lost("1", false) && judge_digits_is_lost("20", false),
          "0, 00 won and 1, 20 lost");
    CHECK(judge_digits_lost_count(false) == 79644, "%u strings lost (normal), not 79,644",
          judge_digits_lost_count(false));
    CHECK(judge_digits_lost_count(true) == 88277, "%u strings lost (Conway), not 88,277",
          judge_digits_lost_count(true));
    CHECK(judge_digits_valid("012345") && !judge_digits_valid("") &&
              !judge_digits_valid("1234567") && !judge_digits_valid("1 2"),
          "judge_digits_valid");
    for (int i = 0; i < 2000; i++) {
        char s[8], moves[JUDGE_DIGITS_MOVES_MAX][JUDGE_DIGITS_MAX + 1];
        const int len = (int)pick(1, 6);
        for (int j = 0; j < len; j++)
            s[j] = (char)('0' + pick(0, 9));
        s[len] = '\0';
        for (int conway = 0; conway < 2; conway++) {
            const bool lost = !brute_digits(s, conway);
            CHECK(judge_digits_is_lost(s, conway) == lost, "%s %s: is_lost says %d", s,
                  conway ? "Conway" : "normal", !lost);
            const int n = judge_digits_winning_moves(s, conway, moves);
            CHECK((n == 0) == lost, "%s: %d winning moves but lost %d", s, n, lost);
            for (int k = 0; k < n; k++)
                CHECK(!brute_digits(moves[k], conway), "%s -> %s is not a winning move", s,
                      moves[k]);
        }
    }
    /* the sample's second graph, and a cycle */
    static const uint32_t first[] = {0, 1, 2, 2, 2};
    static const uint16_t succ[] = {1, 2};
    const judge_dag_t g = {4, first, succ};
    uint16_t grundy[4], cyc = 99;
    CHECK(judge_dag_grundy(&g, grundy, &cyc) == 0 && grundy[0] == 0 && grundy[1] == 1 &&
              grundy[2] == 0 && grundy[3] == 0,
          "Grundy values of 0->1->2, 3");
    static const uint32_t first2[] = {0, 1, 2, 3};
    static const uint16_t succ2[] = {1, 2, 1};
    const judge_dag_t loop = {3, first2, succ2};
    CHECK(judge_dag_grundy(&loop, grundy, &cyc) == -1 && (cyc == 1 || cyc == 2),
          "a cycle through 1 and 2: node %u", cyc);
}

/* 1524 at its limits: a chain of 1,000 positions (a deep graph: no recursion may follow it)
 * and a complete DAG of 1,000 (499,500 moves; position i has Grundy value 999 - i). */
static void test_big_graphs(void) {
    char *in;
    size_t len;
    FILE *f = open_memstream(&in, &len);
    fprintf(f, "1000\n");
    for (int i = 0; i < 1000; i++)
        fprintf(f, i < 999 ? "1 %d\n" : "0\n", i + 1);
    fprintf(f, "1 0\n1 1\n2 0 1\n0\n1000\n");
    for (int i = 0; i < 1000; i++) {
        fprintf(f, "%d", 999 - i);
        for (int j = i + 1; j < 1000; j++)
            fprintf(f, " %d", j);
        fputc('\n', f);
    }
    fprintf(f, "1 0\n2 0 0\n2 1 998\n3 999 998 997\n0\n");
    fclose(f);
    result_t r = run("1524", in, len);
    /* chain: 0 is 999 moves from the end (won), 1 is 998 (lost); complete: 999 ^ 999 = 0,
     * 998 ^ 1 != 0, 0 ^ 1 ^ 2 = 3 */
    CHECK(r.rc == 0 && strcmp(r.out, "WIN\nLOSE\nWIN\nWIN\nLOSE\nWIN\nWIN\n") == 0,
          "1524 big graphs: rc %d out '%s' err '%s'", r.rc, r.out, r.err);
    result_free(&r);
    free(in);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s SAMPLES_DIR\n", argv[0]);
        return 2;
    }
    samples_dir = argv[1];
    test_samples(argv[1]);
    test_output_fails();
    test_help();
    test_list_and_unknown();
    test_bad_input();
    test_reader_edges();
    test_apis();
    test_big_graphs();
    test_big_lines();
    test_big_lines_random();
    int cases = random_bash_family();
    cases += random_nims();
    cases += random_sg();
    cases += random_rest();
    printf("grundy judge: %d random cases checked against the brute force\n", cases);
    return check_summary("grundy judge") ? 1 : 0;
}
