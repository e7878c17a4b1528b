/* util/atomic.h for the host tests of firmware modules: the host has no interrupts, so an
 * atomic block is the block run once. */
#ifndef HOST_AVR_UTIL_ATOMIC_H
#define HOST_AVR_UTIL_ATOMIC_H

#define ATOMIC_RESTORESTATE 0
#define ATOMIC_FORCEON 0
#define ATOMIC_BLOCK(type) for (int atomic_once_ = ((void)(type), 1); atomic_once_; atomic_once_ = 0)

#endif
