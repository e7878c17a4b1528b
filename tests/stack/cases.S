; Small hand-written AVR programs whose worst-case stack is known, for tools/stack_depth.py's
; own test (test_stack.sh): one program per CASE. The startup code (avr-libc's crt) calls main
; with 2 bytes of return address; an interrupt pushes 2 more.
#include <avr/io.h>
#define SP_L 0x3d
#define SP_H 0x3e

.section .text
#if CASE == 1 /* frames: main 2 pushed + 10 frame + call f (2) + f: 1 + rcall .+0 (2) +
                 call g (2) + g: 1 -> 20; from reset 22; __vector_1: 2 + 2 pushed -> 26 */
.global main
main:
    push r28
    push r29
    in r28, SP_L
    in r29, SP_H
    sbiw r28, 10
    out SP_H, r29
    out SP_L, r28
    rcall f
    sei
1:  rjmp 1b
f:
    push r16
    rcall .
    call g
    pop r0
    pop r0
    pop r16
    ret
g:
    push r17
    pop r17
    ret
.global __vector_1
__vector_1:
    push r24
    push r25
    pop r25
    pop r24
    reti
#elif CASE == 2 /* -mcall-prologues: h saves r28, r29 through __prologue_saves__ with a frame
                   of 20, and leaves through __epilogue_restores__: main 0 + call h 2 + 22 -> 24;
                   from reset 26; __vector_2: 2 + 3 -> 31 */
.global main
main:
    rcall h
1:  rjmp 1b
h:
    ldi r26, 20
    ldi r27, 0
    ldi r30, pm_lo8(2f)
    ldi r31, pm_hi8(2f)
    rjmp __prologue_saves__ + 32
2:  std Y+1, r1
    ldi r30, 2
    rjmp __epilogue_restores__ + 32
.global __vector_2
__vector_2:
    push r24
    push r25
    push r26
    pop r26
    pop r25
    pop r24
    reti
#elif CASE == 3 /* recursion: an error */
.global main
main:
    rcall r
1:  rjmp 1b
r:
    push r16
    rcall r
    pop r16
    ret
#elif CASE == 4 /* an indirect call the tool does not know: an error */
.global main
main:
    ldi r30, pm_lo8(main)
    ldi r31, pm_hi8(main)
    icall
1:  rjmp 1b
#elif CASE == 5 /* a push inside a loop: the depth differs between paths, an error */
.global main
main:
    ldi r24, 3
1:  push r24
    dec r24
    brne 1b
2:  rjmp 2b
#elif CASE == 6 /* the stack pointer set from a value the tool cannot know: an error */
.global main
main:
    lds r28, 0x100
    lds r29, 0x101
    out SP_H, r29
    out SP_L, r28
1:  rjmp 1b
#elif CASE == 7 /* a return with a byte still pushed: an error */
.global main
main:
    rcall u
1:  rjmp 1b
u:
    push r16
    ret
#elif CASE == 8 /* a handler that re-enables interrupts: every handler nested, once each:
                   main 0 + call 2 -> 2; __vector_1: 2 + 1; __vector_3: 2 + 2 -> 2 + 3 + 4 = 9 */
.global main
main:
1:  rjmp 1b
.global __vector_1
__vector_1:
    push r24
    sei
    pop r24
    reti
.global __vector_3
__vector_3:
    push r24
    push r25
    pop r25
    pop r24
    reti
#elif CASE >= 9 && CASE <= 11 /* an indirect call through a table of the engine's kind: case 9
                   reads slot 1, shallow (1 byte), not slot 0, deep (10): main 0 + call 2 + icall 2
                   + 1 -> 5; from reset 7. Case 10 calls a pointer read from a variable: an error.
                   Case 11 is case 9 with the table's address returned by a function, as
                   engine_ops() when it is not inlined: 7 too */
.global main
main:
    rcall engine_case
1:  rjmp 1b
.global engine_case
engine_case:
#if CASE == 9
    ldi r26, lo8(engine_ops_case)
    ldi r27, hi8(engine_ops_case)
    adiw r26, 2
    ld r30, X+
    ld r31, X
#elif CASE == 10
    lds r30, case_pointer
    lds r31, case_pointer + 1
#else
    rcall engine_pick
    movw r30, r24
    ldd r0, Z+2
    ldd r31, Z+3
    mov r30, r0
#endif
    icall
    ret
engine_pick:
    ldi r24, lo8(engine_ops_case)
    ldi r25, hi8(engine_ops_case)
    ret
.global shallow
shallow:
    push r1
    pop r1
    ret
.global deep
deep:
    push r2
    push r3
    push r4
    push r5
    push r6
    push r7
    push r8
    push r9
    push r10
    push r11
    pop r11
    pop r10
    pop r9
    pop r8
    pop r7
    pop r6
    pop r5
    pop r4
    pop r3
    pop r2
    ret
.section .data
.global engine_ops_case
.type engine_ops_case, @object
.size engine_ops_case, 4
engine_ops_case:
    .word gs(deep), gs(shallow)
.global case_pointer
.type case_pointer, @object
.size case_pointer, 2
case_pointer:
    .word gs(shallow)
#else
#error "no such CASE"
#endif
