/* The watchdog, through the real firmware on the simulated board: the shipped image says why it
 * started (@reset power / external) and has no fault commands; the faults image (built with
 * GRUNDY_FAULTS) hangs its main loop, its tick interrupt, or its main loop halfway through an
 * EEPROM save (of settings, of a score), or stops the tick's timer, and each time the device must reset within the timeout, say @reset watchdog,
 * and resume the same game (settings, position, whose turn) without losing settings or score.
 * A .noinit record spoilt between the seal and the reset is ignored: a fresh game, no crash.
 * Usage: test_watchdog FIRMWARE.elf FAULTS.elf BOARD */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sim_avr.h>

#include "brute.h"
#include "scenario.h"
#include "tally.h"

#define WD_STAGE_MS 256  /* one watchdog stage (WDTO_250MS: 32768 cycles of its 128 kHz clock) */
#define WD_LIMIT_MS 560  /* a hang must end in a reset within two stages, and a little */

static const char *wd_elf, *wd_faults, *wd_board;

static scn_t *wd_open(const char *elf)
{
    char err[256];
    scn_t *s = scn_open(elf, wd_board, err, sizeof err);
    if (!tally_check(s != NULL, "cannot open %s: %s", elf, err)) return NULL;
    scn_set_bounce(s, &SIM_BOUNCE_DEFAULT);
    return s;
}

/* The faults image, its hangs expected to end in watchdog resets. */
static scn_t *wd_open_faults(void)
{
    scn_t *s = wd_open(wd_faults);
    if (s) scn_expect_watchdog(s, true);
    return s;
}

/* Consume lines up to one starting with prefix; copy it into out (or "" when none came). */
static bool wd_line(scn_t *s, const char *prefix, uint32_t ms, char *out, size_t len)
{
    const char *l = scn_wait_line(s, prefix, ms);
    snprintf(out, len, "%s", l ? l : "");
    return tally_check(l != NULL, "no '%s' line within %u ms", prefix, (unsigned)ms);
}

/* The console's "show": the game, the heaps and whose turn, into out. */
static bool wd_show(scn_t *s, char *out, size_t len)
{
    scn_send(s, "show\n");
    return wd_line(s, "nim ", 500, out, len);
}

/* Arm the faults image's `fault` ("loop", "save", ...) and see it acknowledged. */
static void wd_fault(scn_t *s, const char *fault)
{
    char cmd[32], ok[32], l[160];
    snprintf(cmd, sizeof cmd, "fault %s\n", fault);
    snprintf(ok, sizeof ok, "ok fault %s", fault);
    scn_send(s, cmd);
    wd_line(s, ok, 500, l, sizeof l);
}

/* The person takes the whole top row: a legal Nim move on any board. */
static void wd_take_top_row(scn_t *s)
{
    scn_run_ms(s, 50);
    for (int i = 0; i < 8; i++) scn_tap(s, SIM_BTN_RIGHT);
    scn_tap(s, SIM_BTN_A);
}

/* After "@game": the game's first turn, and the device's first move where it begins (the
 * default where the classic start is lost for the player to move); the person's turn follows. */
static void wd_person_turn(scn_t *s)
{
    char l[160];
    wd_line(s, "@turn ", 500, l, sizeof l);
    if (!strcmp(l, "@turn cpu")) wd_line(s, "@turn human", 3000, l, sizeof l);
}

/* The person takes the top row after waiting for the turn (wait) or at once. */
static void wd_play_round(scn_t *s, bool wait)
{
    char l[160];
    if (wait) wd_line(s, "@turn human", 3000, l, sizeof l);
    wd_take_top_row(s);
    wd_line(s, "@move human", 500, l, sizeof l);
}

/* The shipped image: why it started (the reset button keeps the game, unless pressed within 4 s
 * of the boot), and no fault commands in it. */
static void wd_test_causes(void)
{
    char l[160];
    snprintf(tally_context, sizeof tally_context, "shipped image on %s: reset causes", wd_board);
    scn_t *s = wd_open(wd_elf);
    if (!s) return;
    wd_line(s, "@reset ", 100, l, sizeof l);
    tally_check(!strcmp(l, "@reset power"), "first power-up said '%s'", l);
    wd_line(s, "@game ", 500, l, sizeof l);
    scn_run_ms(s, 300);
    scn_reset(s, SCN_RESET_BUTTON);
    wd_line(s, "@reset ", 100, l, sizeof l);
    tally_check(!strcmp(l, "@reset external"), "the reset button: '%s'", l);
    wd_line(s, "@game ", 500, l, sizeof l); /* within 4 s of the boot: a fresh game */
    /* later, the reset button (or an Uno's port opened) keeps the game (issue 21) */
    char show[160], resume[200];
    scn_run_ms(s, 4300);
    wd_show(s, show, sizeof show);
    scn_run_ms(s, 30); /* sealed at the next feed */
    scn_reset(s, SCN_RESET_BUTTON);
    wd_line(s, "@reset ", 100, l, sizeof l);
    tally_check(!strcmp(l, "@reset external"), "the reset button 4.3 s on: '%s'", l);
    wd_line(s, "@resume ", 100, resume, sizeof resume);
    tally_check(!strcmp(resume + 8, show), "'%s' after the reset button, '%s' before", resume, show);
    scn_run_ms(s, 300);
    scn_reset(s, SCN_RESET_POWER);
    wd_line(s, "@reset ", 100, l, sizeof l);
    tally_check(!strcmp(l, "@reset power"), "a power cycle: '%s'", l);
    wd_line(s, "@game ", 500, l, sizeof l);
    uint32_t sym;
    tally_check(!sim_symbol(scn_sim(s), "fault_armed", &sym), "the shipped image has fault injection");
    scn_send(s, "fault loop\n");
    wd_line(s, "err ", 500, l, sizeof l);
    scn_run_ms(s, 2 * WD_LIMIT_MS); /* no hang, no reset: scn_ok */
    tally_check(scn_ok(s), "%s", scn_failure(s));
    tally_stack(s);
    scn_close(s);
}

/* Equalizer's one plain move, interrupted: the reset button while the device shows its move
 * (pow2 from 2 4 5, won for the device, where Equalizer slips) resumes that very move, so the
 * device's move leaves the person a win (the brute-force solver's): thought out again it was
 * Perfect's, and the game never got its slip. */
static void wd_test_slip(void)
{
    char l[160], set[160];
    snprintf(tally_context, sizeof tally_context, "shipped image on %s: Equalizer's slip and the reset button", wd_board);
    scn_t *s = wd_open(wd_elf);
    if (!s) return;
    wd_line(s, "@settings ", 500, set, sizeof set);
    const bool device_first = strstr(set, " first=device ") != NULL;
    wd_line(s, "@game ", 500, l, sizeof l);
    scn_run_ms(s, 300);
    scn_hold(s, SIM_BTN_B, 1150); /* the menu: first=you, level=equalizer */
    wd_line(s, "@menu game", 300, l, sizeof l);
    for (int i = 0; i < 3; i++) scn_tap(s, SIM_BTN_DOWN);
    for (int i = 0; device_first && i < 2; i++) scn_tap(s, SIM_BTN_RIGHT); /* device, alternate, you */
    scn_tap(s, SIM_BTN_DOWN);
    scn_tap(s, SIM_BTN_RIGHT); /* perfect -> equalizer */
    scn_tap(s, SIM_BTN_A);
    wd_line(s, "@settings ", 500, set, sizeof set);
    tally_check(strstr(set, " first=you ") && strstr(set, " level=equalizer "), "the menu chose '%s'", set);
    scn_run_ms(s, 4300); /* the save, and a boot old enough for the reset button to resume */
    scn_send(s, "new pow2 3 4 5\n");
    wd_line(s, "@turn human", 500, l, sizeof l);
    scn_run_ms(s, 50);
    scn_tap(s, SIM_BTN_RIGHT); /* one token from the top row: 2 4 5 */
    scn_tap(s, SIM_BTN_A);
    wd_line(s, "@move human", 500, l, sizeof l);
    tally_check(!strncmp(l, "@move human 2 4 5", 17), "the person's move: '%s'", l);
    wd_line(s, "@turn cpu", 100, l, sizeof l);
    scn_run_ms(s, 700); /* thought (500 ms), now showing (1 s) */
    scn_reset(s, SCN_RESET_BUTTON);
    wd_line(s, "@reset ", 100, l, sizeof l);
    tally_check(!strcmp(l, "@reset external"), "the reset button: '%s'", l);
    wd_line(s, "@resume ", 500, l, sizeof l);
    tally_check(!strncmp(l, "@resume pow2 2 4 5", 18) && strstr(l, " turn cpu"), "resumed '%s'", l);
    wd_line(s, "@move cpu ", 2000, l, sizeof l);
    brute_game_t g;
    uint8_t heaps[16];
    unsigned count = 0;
    brute_parse(&g, "pow2");
    for (char *p = l + 10, *end; count < 16 && (heaps[count] = (uint8_t)strtoul(p, &end, 10), end != p); p = end) count++;
    tally_check(count >= 3 && brute_is_win(&g, heaps, (uint8_t)count),
                "'%s' after the reset: not Equalizer's plain move (it leaves the person a loss)", l);
    tally_check(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* Hang with `fault`, at a quiet moment after a move: a reset within the limit, @reset
 * watchdog, the same settings and game, and the game goes on. */
static void wd_test_hang(const char *fault)
{
    char l[160], set[160], set2[160], show[160], show2[160], resume[200];
    snprintf(tally_context, sizeof tally_context, "faults image on %s: %s", wd_board, fault);
    scn_t *s = wd_open_faults();
    if (!s) return;
    wd_line(s, "@settings ", 500, set, sizeof set);
    wd_play_round(s, true);
    wd_line(s, "@turn human", 3000, l, sizeof l);
    scn_run_ms(s, 2100); /* quiet for two of the main loop's seals (every 1024 ms) */
    wd_show(s, show, sizeof show);
    wd_fault(s, fault);
    const double hung = scn_now_ms(s);
    if (!strcmp(fault, "timer")) /* blank lines keep waking the main loop, tick or no tick */
        for (int i = 0; i < 60 && !scn_last_line(s, "@reset watchdog"); i++) {
            scn_send(s, "\n");
            scn_run_ms(s, 10);
        }
    wd_line(s, "@reset ", 3000, l, sizeof l);
    const double took = scn_now_ms(s) - hung;
    tally_check(!strcmp(l, "@reset watchdog"), "after the hang: '%s'", l);
    tally_check(scn_watchdog_resets(s) == 1, "%u watchdog resets", scn_watchdog_resets(s));
    tally_check(took > WD_STAGE_MS - 20 && took < WD_LIMIT_MS, "reset %.0f ms after the hang", took);
    printf("watchdog on %s: %s hang reset after %.0f ms\n", wd_board, fault, took);
    wd_line(s, "@settings ", 100, set2, sizeof set2);
    tally_check(!strcmp(set, set2), "settings '%s' after the reset, '%s' before", set2, set);
    wd_line(s, "@resume ", 100, resume, sizeof resume);
    tally_check(!strcmp(resume + 8, show), "'%s' after the reset, '%s' before", resume, show);
    wd_show(s, show2, sizeof show2);
    tally_check(!strcmp(show, show2), "show: '%s' after the reset, '%s' before", show2, show);
    wd_play_round(s, false); /* the game goes on */
    wd_line(s, "@move cpu", 3000, l, sizeof l);
    tally_check(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* The main loop hangs halfway through writing a settings save: the new settings survive the
 * watchdog reset and reach the EEPROM (a power cycle later they load). */
static void wd_test_save(void)
{
    char l[160], set[160], set2[160];
    snprintf(tally_context, sizeof tally_context, "faults image on %s: hang in a save", wd_board);
    scn_t *s = wd_open_faults();
    if (!s) return;
    wd_line(s, "@game ", 500, l, sizeof l);
    wd_person_turn(s);
    scn_run_ms(s, 100);
    wd_fault(s, "save");
    scn_hold(s, SIM_BTN_B, 1150); /* the menu: level, perfect -> equalizer */
    wd_line(s, "@menu game", 300, l, sizeof l);
    for (int i = 0; i < 4; i++) scn_tap(s, SIM_BTN_DOWN);
    scn_tap(s, SIM_BTN_RIGHT);
    scn_run_ms(s, 100);
    const uint64_t w0 = scn_eeprom_writes(s);
    scn_tap(s, SIM_BTN_A);
    wd_line(s, "@settings ", 500, set, sizeof set);
    tally_check(strstr(set, "level=equalizer") != NULL, "the menu chose '%s'", set);
    wd_line(s, "@reset ", 3000, l, sizeof l);
    tally_check(!strcmp(l, "@reset watchdog"), "after the hang: '%s'", l);
    tally_check(scn_eeprom_writes(s) > w0, "the save wrote nothing before the hang");
    wd_line(s, "@settings ", 100, set2, sizeof set2);
    tally_check(!strcmp(set, set2), "settings '%s' after the reset, '%s' before", set2, set);
    wd_line(s, "@resume ", 100, l, sizeof l);
    wd_line(s, "@saved", 3000, l, sizeof l);
    scn_reset(s, SCN_RESET_POWER);
    wd_line(s, "@eeprom ", 500, l, sizeof l);
    tally_check(!strcmp(l, "@eeprom loaded"), "after the power cycle: '%s'", l);
    wd_line(s, "@settings ", 100, set2, sizeof set2);
    tally_check(!strcmp(set, set2), "settings '%s' after a power cycle, '%s' saved", set2, set);
    tally_check(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* With the Uno's bootloader MCUSR reads 0 after every reset: the firmware's .noinit record
 * must still tell a hang (@reset watchdog, resumed), the reset button (@reset external; within
 * 4 s of the boot, a fresh game) and a power cycle (@reset power) apart. */
static void wd_test_bootloader(void)
{
    char l[160], show[160], resume[200];
    snprintf(tally_context, sizeof tally_context, "faults image on %s, MCUSR cleared by a bootloader", wd_board);
    scn_t *s = wd_open_faults();
    if (!s) return;
    sim_set_bootloader(scn_sim(s), true);
    wd_play_round(s, true);
    wd_line(s, "@turn human", 3000, l, sizeof l);
    scn_run_ms(s, 300);
    wd_show(s, show, sizeof show);
    wd_fault(s, "loop");
    wd_line(s, "@reset ", 1000, l, sizeof l);
    tally_check(!strcmp(l, "@reset watchdog"), "a hang: '%s'", l);
    wd_line(s, "@resume ", 100, resume, sizeof resume);
    tally_check(!strcmp(resume + 8, show), "'%s' after the reset, '%s' before", resume, show);
    scn_run_ms(s, 300);
    scn_reset(s, SCN_RESET_BUTTON);
    wd_line(s, "@reset ", 100, l, sizeof l);
    tally_check(!strcmp(l, "@reset external"), "the reset button: '%s'", l);
    wd_line(s, "@game ", 500, l, sizeof l);
    scn_run_ms(s, 300);
    scn_reset(s, SCN_RESET_POWER);
    wd_line(s, "@reset ", 100, l, sizeof l);
    tally_check(!strcmp(l, "@reset power"), "a power cycle: '%s'", l);
    wd_line(s, "@game ", 500, l, sizeof l);
    tally_check(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* Play the running Nim game to its end, the person taking whole rows from the top. */
static void wd_finish_game(scn_t *s)
{
    for (int lines = 0; lines < 400; lines++) {
        const char *l = scn_wait_line(s, "@", 3000);
        if (!l || !strncmp(l, "@over ", 6)) break;
        if (!strcmp(l, "@turn human")) wd_take_top_row(s);
    }
}

/* The main loop hangs halfway through writing a game's score: the score survives the watchdog
 * reset and reaches the EEPROM (after a power cycle, the next game's score counts both). */
/* After a power cycle and one more game, the score line shows the game of `score` (the score
 * line before the hang) kept and one more played, its hints unchanged; games_before: how many
 * games `score` must count (0: any). */
static void wd_score_kept(scn_t *s, const char *score, unsigned games_before)
{
    char l[160];
    scn_reset(s, SCN_RESET_POWER);
    wd_line(s, "@eeprom ", 500, l, sizeof l);
    tally_check(!strcmp(l, "@eeprom loaded"), "after the power cycle: '%s'", l);
    wd_finish_game(s);
    unsigned w, lo, h, w2, l2, h2;
    wd_line(s, "@score ", 500, l, sizeof l);
    tally_check(sscanf(score, "@score %u %u %u", &w, &lo, &h) == 3 && sscanf(l, "@score %u %u %u", &w2, &l2, &h2) == 3 &&
                    (!games_before || w + lo == games_before) && w2 + l2 == w + lo + 1 && h2 == h,
                "score '%s' before the hang, '%s' a power cycle and a game later", score, l);
}

static void wd_test_score(void)
{
    char l[160], score[64];
    snprintf(tally_context, sizeof tally_context, "faults image on %s: hang in a score save", wd_board);
    scn_t *s = wd_open_faults();
    if (!s) return;
    wd_line(s, "@game ", 500, l, sizeof l);
    wd_person_turn(s);
    scn_run_ms(s, 100);
    wd_fault(s, "save");
    wd_play_round(s, false); /* the person's first turn came before the reply */
    wd_finish_game(s);
    wd_line(s, "@score ", 500, score, sizeof score);
    wd_line(s, "@reset ", 3000, l, sizeof l);
    tally_check(!strcmp(l, "@reset watchdog"), "after the hang: '%s'", l);
    wd_line(s, "@resume ", 100, l, sizeof l);
    tally_check(strstr(l, " over ") != NULL, "resumed '%s', not the game over", l);
    wd_line(s, "@saved", 3000, l, sizeof l);
    wd_score_kept(s, score, 1);
    tally_check(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* The same hang when the score already has a source slot (a game saved before): the save the
 * resumed boot makes again takes every other cell from that slot, so the two newest records
 * differ only in the game's own cell (6 bytes), the CRC (2) and the sequence byte. */
static void wd_test_score_source(void)
{
    enum { WD_RECORD = 412, WD_BASE = 16, WD_DIFFER_AT_MOST = 9 }; /* store.h: version 2 */
    char l[160];
    snprintf(tally_context, sizeof tally_context, "faults image on %s: hang in a score save over a saved one",
             wd_board);
    scn_t *s = wd_open(wd_faults);
    if (!s) return;
    scn_expect_watchdog(s, true);
    wd_line(s, "@game ", 500, l, sizeof l);
    wd_finish_game(s);
    wd_line(s, "@score ", 500, l, sizeof l);
    wd_line(s, "@saved", 3000, l, sizeof l); /* the score's source is a slot from now on */
    scn_tap(s, SIM_BTN_A);                   /* the next game */
    wd_line(s, "@game ", 500, l, sizeof l);
    wd_person_turn(s);
    scn_run_ms(s, 100);
    scn_send(s, "fault save\n");
    wd_line(s, "ok fault save", 500, l, sizeof l);
    wd_play_round(s, false); /* the person's first turn came before the reply */
    wd_finish_game(s);
    wd_line(s, "@reset ", 5000, l, sizeof l);
    tally_check(!strcmp(l, "@reset watchdog"), "after the hang: '%s'", l);
    wd_line(s, "@saved", 3000, l, sizeof l);
    uint8_t image[WD_BASE + 2 * WD_RECORD];
    unsigned differ = 0;
    if (tally_check(scn_eeprom_get(s, image, sizeof image) == sizeof image, "EEPROM not read"))
        for (unsigned i = 0; i < WD_RECORD; i++)
            differ += image[WD_BASE + i] != image[WD_BASE + WD_RECORD + i];
    tally_check(differ > 0 && differ <= WD_DIFFER_AT_MOST,
                "the two newest records differ in %u bytes (the score's source lost across the reset?)",
                differ);
    tally_check(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* Spoil .noinit after the interrupt stage sealed it (a byte of the kept state, or the seal
 * itself): the boot says @reset watchdog and starts a fresh game from the EEPROM. */
static void wd_test_corrupt(bool seal)
{
    char l[160];
    snprintf(tally_context, sizeof tally_context, "faults image on %s: spoilt %s", wd_board,
             seal ? "seal" : "kept state");
    scn_t *s = wd_open_faults();
    if (!s) return;
    wd_play_round(s, true);
    wd_line(s, "@turn human", 3000, l, sizeof l);
    scn_run_ms(s, 600);
    wd_fault(s, "loop");
    scn_run_ms(s, WD_STAGE_MS + 200); /* the interrupt stage has sealed; the reset is to come */
    uint32_t lo = 0, hi = 0, rec = 0;
    if (tally_check(sim_symbol(scn_sim(s), "__noinit_start", &lo) &&
                        sim_symbol(scn_sim(s), "__noinit_end", &hi) &&
                        sim_symbol(scn_sim(s), "watchdog_record", &rec) && hi > lo + 16,
                    "no .noinit symbols")) {
        avr_t *avr = sim_avr(scn_sim(s));
        /* the seal is the record's last two bytes; a kept byte: the middle of .noinit */
        uint32_t at = seal ? rec + 5 : (lo + hi) / 2;
        if (!seal && at >= rec && at < rec + 7) at = rec == lo ? rec + 7 : lo;
        avr->data[at & 0xFFFF] ^= 0x5A;
    }
    wd_line(s, "@reset ", 1000, l, sizeof l);
    tally_check(!strcmp(l, "@reset watchdog"), "after the hang: '%s'", l);
    wd_line(s, "@eeprom ", 500, l, sizeof l);
    wd_line(s, "@game ", 100, l, sizeof l);
    tally_check(scn_last_line(s, "@resume ") == NULL, "resumed a spoilt record");
    wd_play_round(s, true);
    tally_check(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* After a watchdog resume, B in the menu goes back to the resumed game (issue 21, 3.2; it was
 * refused, as if no game had been played since the boot). */
static void wd_test_menu_back(void)
{
    char l[160], show[160], show2[160];
    snprintf(tally_context, sizeof tally_context, "faults image on %s: the menu after a resume", wd_board);
    scn_t *s = wd_open_faults();
    if (!s) return;
    wd_play_round(s, true);
    wd_line(s, "@turn human", 3000, l, sizeof l);
    scn_run_ms(s, 300);
    wd_show(s, show, sizeof show);
    wd_fault(s, "loop");
    wd_line(s, "@resume ", 1000, l, sizeof l);
    scn_hold(s, SIM_BTN_B, 1150);
    wd_line(s, "@menu game", 300, l, sizeof l);
    scn_tap(s, SIM_BTN_B);
    const char *back = scn_wait_line(s, "@menu ", 300);
    tally_check(back && !strcmp(back, "@menu back"), "B in the menu: '%s'", back ? back : "nothing");
    wd_show(s, show2, sizeof show2);
    tally_check(!strcmp(show, show2), "show after the menu '%s', before the hang '%s'", show2, show);
    tally_check(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* A stray write to the store's kept bookkeeping before a hang (issue 21, 4.6): the sealed
 * .noinit holds it, but the resume never writes a byte anywhere but into the other slot: a
 * power cycle later the EEPROM loads, and the score counts every game. (Before: store_active 2
 * sent the resumed save to EEPROM 840..1251, wrapping to 0..227, across both slots: @eeprom
 * corrupt.) `symbol` + offset gets value (two bytes when wide). */
static void wd_test_stray(const char *symbol, unsigned offset, uint16_t value, bool wide)
{
    char l[160], score[64];
    snprintf(tally_context, sizeof tally_context, "faults image on %s: %s spoilt before a hang", wd_board, symbol);
    scn_t *s = wd_open_faults();
    if (!s) return;
    wd_line(s, "@game ", 500, l, sizeof l);
    wd_finish_game(s);
    wd_line(s, "@score ", 500, score, sizeof score);
    wd_line(s, "@saved", 3000, l, sizeof l); /* the score's source is slot 0 */
    scn_tap(s, SIM_BTN_A);
    wd_line(s, "@game ", 500, l, sizeof l);
    scn_run_ms(s, 1200);
    uint32_t at = 0;
    if (tally_check(sim_symbol(scn_sim(s), symbol, &at), "no symbol %s", symbol)) {
        avr_t *avr = sim_avr(scn_sim(s));
        avr->data[(at + offset) & 0xFFFF] = (uint8_t)value;
        if (wide) avr->data[(at + offset + 1) & 0xFFFF] = (uint8_t)(value >> 8);
    }
    wd_fault(s, "loop");
    wd_line(s, "@reset ", 1000, l, sizeof l);
    tally_check(!strcmp(l, "@reset watchdog"), "after the hang: '%s'", l);
    if (scn_wait_line(s, "@saved", 3000)) { /* resumed and saved again: slot 1 now, the score the same */
        enum { WD_RECORD = 412, WD_BASE = 16 };
        uint8_t image[WD_BASE + 2 * WD_RECORD];
        unsigned differ = 0;
        scn_eeprom_get(s, image, sizeof image);
        for (unsigned i = 0; i < WD_RECORD; i++) differ += image[WD_BASE + i] != image[WD_BASE + WD_RECORD + i];
        tally_check(differ > 0 && differ <= 9, "the resumed save differs from the one before in %u bytes", differ);
    }
    scn_run_ms(s, 100);
    wd_score_kept(s, score, 0);
    tally_check(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* A stray write to the kept game before a hang (issue 21, 4.6): its phase out of range (the
 * third byte of play) is sealed with it; the boot resumes no such game but starts a fresh one. */
static void wd_test_stray_game(void)
{
    char l[160];
    snprintf(tally_context, sizeof tally_context, "faults image on %s: the game's phase spoilt before a hang", wd_board);
    scn_t *s = wd_open_faults();
    if (!s) return;
    wd_play_round(s, true);
    wd_line(s, "@turn human", 3000, l, sizeof l);
    scn_run_ms(s, 300);
    uint32_t at = 0;
    if (tally_check(sim_symbol(scn_sim(s), "play", &at), "no symbol play"))
        sim_avr(scn_sim(s))->data[(at + 2) & 0xFFFF] = 9;
    wd_fault(s, "loop");
    wd_line(s, "@reset ", 1000, l, sizeof l);
    tally_check(!strcmp(l, "@reset watchdog"), "after the hang: '%s'", l);
    wd_line(s, "@game ", 500, l, sizeof l);
    tally_check(scn_last_line(s, "@resume ") == NULL, "resumed a game in phase 9: %s", scn_last_line(s, "@resume "));
    wd_play_round(s, true);
    tally_check(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

/* A hang the watchdog cannot resume (its seal spoilt) within the first save after a blank
 * EEPROM (issue 21, 2): with the chip's 3.4 ms a byte that save takes 1.4 s. No record was ever
 * finished and the old state was blank: the boot says `@eeprom blank` and plays the defaults,
 * the same as the person had before the first save (it said `@eeprom corrupt`). */
static void wd_test_first_save(void)
{
    char l[160], set[160];
    snprintf(tally_context, sizeof tally_context, "faults image on %s: a hang in the first save", wd_board);
    scn_t *s = wd_open_faults();
    if (!s) return;
    wd_line(s, "@settings ", 500, set, sizeof set);
    wd_line(s, "@game ", 500, l, sizeof l);
    scn_run_ms(s, 100);
    wd_fault(s, "save");
    scn_hold(s, SIM_BTN_B, 1150); /* the menu: level, perfect -> equalizer */
    wd_line(s, "@menu game", 300, l, sizeof l);
    for (int i = 0; i < 4; i++) scn_tap(s, SIM_BTN_DOWN);
    scn_tap(s, SIM_BTN_RIGHT);
    scn_run_ms(s, 100);
    scn_tap(s, SIM_BTN_A);
    /* halfway through the save: the main loop hangs, the interrupt stage seals, then spoil it */
    for (int i = 0; i < 400 && !scn_last_line(s, "@reset watchdog"); i++) {
        scn_run_ms(s, 10);
        uint32_t rec = 0;
        const sim_power_t *p = sim_power(scn_sim(s));
        (void)p;
        if (scn_eeprom_writes(s) >= 200 && sim_symbol(scn_sim(s), "watchdog_record", &rec)) {
            scn_run_ms(s, WD_STAGE_MS + 100); /* hung at byte 206; sealed by now */
            sim_avr(scn_sim(s))->data[(rec + 5) & 0xFFFF] ^= 0x5A;
            break;
        }
    }
    wd_line(s, "@reset ", 1000, l, sizeof l);
    tally_check(!strcmp(l, "@reset watchdog"), "after the hang: '%s'", l);
    wd_line(s, "@eeprom ", 500, l, sizeof l);
    tally_check(!strcmp(l, "@eeprom blank"), "the boot after the hang: '%s'", l);
    char set2[160];
    wd_line(s, "@settings ", 100, set2, sizeof set2);
    tally_check(!strcmp(set, set2), "settings '%s', the defaults '%s'", set2, set);
    tally_check(scn_ok(s), "%s", scn_failure(s));
    scn_close(s);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: test_watchdog FIRMWARE.elf FAULTS.elf BOARD\n");
        return 2;
    }
    wd_elf = argv[1];
    wd_faults = argv[2];
    wd_board = argv[3];
    wd_test_causes();
    wd_test_slip();
    wd_test_hang("loop");
    wd_test_hang("tick");
    wd_test_hang("timer");
    wd_test_save();
    wd_test_score();
    wd_test_score_source();
    wd_test_corrupt(false);
    wd_test_corrupt(true);
    wd_test_bootloader();
    wd_test_menu_back();
    wd_test_stray("store_active", 0, 2, false);
    wd_test_stray("store_src", 0, 0x3F0, true);
    wd_test_stray("store_cell_count", 0, 200, false);
    wd_test_stray_game();
    wd_test_first_save();
    return tally_finish("watchdog");
}
