/* The calendar game: a date from 1900-01-01 to 2001-11-04 (the heaps year, month, day) moves to
 * the next day, or to the same day of the next month when that date exists, never past
 * 2001-11-04; whoever reaches 2001-11-04 wins. Rule, checked by the host suite against a
 * backward search over all 37,198 dates: the player to move wins exactly when month + day is
 * even, or on September 30 and November 30. */
#include "../engine_internal.h"
#include "../engine_pgm.h"

/* Days in each month of a common year, less 28 (two bits each, January in the low bits). */
#define CALENDAR_LENGTHS 0xEEFBB3ul /* 3,0,3,2,3,2,3,3,2,3,2,3 */

/* Days in month m (1..12) of year y (1900..2002: 1900 is the one century year that is not a leap
 * year; 2000, divisible by 400, is one). */
static uint8_t calendar_days(uint16_t y, uint8_t m)
{
    const uint8_t extra = (uint8_t)(CALENDAR_LENGTHS >> (2 * (m - 1))) & 3;
    return (uint8_t)(28 + extra + (m == 2 && (y & 3) == 0 && y != 1900));
}

/* A date, year * 512 + month * 32 + day, which orders dates; the last is 2001-11-04. */
typedef uint32_t calendar_key_t;
#define CALENDAR_KEY(y, m, d) (((calendar_key_t)(y) << 9) | ((m) << 5) | (d))
#define CALENDAR_LAST CALENDAR_KEY(2001, 11, 4)

engine_status_t engine_calendar_check(const engine_rules_t *r, const engine_position_t *p)
{
    (void)r;
    const engine_heap_t y = p->heap[0], m = p->heap[1], d = p->heap[2];
    if (y < 1900 || y > 2001 || m < 1 || m > 12 || d < 1 || d > calendar_days((uint16_t)y, (uint8_t)m) ||
        CALENDAR_KEY(y, m, d) > CALENDAR_LAST)
        return ENGINE_ERR_POSITION;
    return ENGINE_OK;
}

static bool calendar_won(uint8_t m, uint8_t d)
{
    return ((m + d) & 1) == 0 || (d == 30 && (m == 9 || m == 11));
}

bool engine_calendar_is_win(const engine_rules_t *r, const engine_position_t *p)
{
    (void)r;
    return calendar_won((uint8_t)p->heap[1], (uint8_t)p->heap[2]);
}

/* The date after move `step` (1: a day, 2: a month), as a key; 0 when there is no such move (the
 * date does not exist, or passes 2001-11-04). */
static calendar_key_t calendar_step(const engine_position_t *p, engine_heap_t step)
{
    uint16_t y = (uint16_t)p->heap[0];
    uint8_t m = (uint8_t)p->heap[1], d = (uint8_t)p->heap[2];
    if (step == 1 && d < calendar_days(y, m)) {
        d++;
    } else {
        if (step == 1) d = 1;
        if (++m == 13) {
            m = 1;
            y++;
        }
        if (d > calendar_days(y, m)) return 0;
    }
    const calendar_key_t key = CALENDAR_KEY(y, m, d);
    return key <= CALENDAR_LAST ? key : 0;
}

engine_heap_t engine_calendar_after(const engine_rules_t *r, const engine_position_t *p,
                                    const engine_move_t *m, uint8_t i)
{
    (void)r;
    const calendar_key_t key = calendar_step(p, m->take);
    return i == 0 ? key >> 9 : i == 1 ? (key >> 5) & 15 : key & 31;
}

/* Moves are take 1 (a day) and take 2 (a month), in that order. */
bool engine_calendar_next(const engine_rules_t *r, const engine_position_t *p, engine_iter_t *it,
                          engine_move_t *m, bool winning)
{
    (void)r;
    while (it->a < 2) {
        const engine_heap_t step = ++it->a;
        const calendar_key_t key = calendar_step(p, step);
        if (!key || (winning && calendar_won((key >> 5) & 15, key & 31))) continue;
        m->heap = ENGINE_HEAP_ALL;
        m->take = step;
        m->left = 0;
        return true;
    }
    return false;
}

bool engine_calendar_next_winning(const engine_rules_t *r, const engine_position_t *p,
                                  engine_iter_t *it, engine_move_t *m)
{
    return engine_calendar_next(r, p, it, m, true);
}
