/* An LD_PRELOAD shim that moves one process's clocks forward on demand, so a test can let a
 * minute of idleness pass in an instant for the real Claude Code binary (a Bun build, linked
 * dynamically against glibc: its timers and Date.now() read clock_gettime through libc).
 *
 * The shift, in nanoseconds, is a native int64 at the start of the file $CLOCK_SHIFT_FILE,
 * mapped shared: the test writes it, every clock read adds it, with no system call. The test
 * raises it only while the process is idle (no hook or tool running), in one aligned 8-byte
 * write, so a timeout in flight never sees the clock jump.
 *
 * Deadlines a process computes from a shifted clock and hands to the kernel as absolute times
 * (pthread_cond_timedwait, clock_nanosleep with TIMER_ABSTIME) are moved back by the shift,
 * or a wait that should last a second would last a minute more. Relative timeouts (epoll,
 * poll, futex) need nothing: they are differences of two shifted readings.
 *
 * The constructor removes LD_PRELOAD and CLOCK_SHIFT_FILE from the environment, so the
 * hooks and tools Claude Code starts keep the real clock (they run for seconds, and the waits
 * of every program they run would otherwise need the same care).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define NS_PER_S 1000000000LL

static volatile const int64_t *shift_ns;
static int (*real_clock_gettime)(clockid_t, struct timespec *);
static int (*real_cond_timedwait)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);
static int (*real_clock_nanosleep)(clockid_t, int, const struct timespec *, struct timespec *);

static int64_t shift(void) { return shift_ns == NULL ? 0 : *shift_ns; }

__attribute__((constructor)) static void init(void) {
    real_clock_gettime = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
    /* The versioned symbol glibc binds programs to, not the compatibility one. */
    real_cond_timedwait = (int (*)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *))dlvsym(
        RTLD_NEXT, "pthread_cond_timedwait", "GLIBC_2.3.2");
    real_clock_nanosleep = (int (*)(clockid_t, int, const struct timespec *, struct timespec *))dlsym(
        RTLD_NEXT, "clock_nanosleep");
    const char *path = getenv("CLOCK_SHIFT_FILE");
    if (path != NULL) {
        int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd >= 0) {
            void *mapped = mmap(NULL, sizeof(int64_t), PROT_READ, MAP_SHARED, fd, 0);
            if (mapped != MAP_FAILED) shift_ns = (volatile const int64_t *)mapped;
            close(fd);
        }
    }
    unsetenv("LD_PRELOAD");
    unsetenv("CLOCK_SHIFT_FILE");
}

/* The clocks that tell the time of day or time passing; CPU-time clocks are left alone. */
static int is_shifted(clockid_t id) {
    switch (id) {
    case CLOCK_REALTIME: case CLOCK_REALTIME_COARSE: case CLOCK_TAI:
    case CLOCK_MONOTONIC: case CLOCK_MONOTONIC_RAW: case CLOCK_MONOTONIC_COARSE: case CLOCK_BOOTTIME:
        return 1;
    default:
        return 0;
    }
}

static struct timespec moved(struct timespec ts, int64_t ns) {
    int64_t total = (int64_t)ts.tv_sec * NS_PER_S + ts.tv_nsec + ns;
    struct timespec out = {.tv_sec = (time_t)(total / NS_PER_S), .tv_nsec = (long)(total % NS_PER_S)};
    if (out.tv_nsec < 0) {
        out.tv_nsec += NS_PER_S;
        out.tv_sec -= 1;
    }
    return out;
}

int clock_gettime(clockid_t id, struct timespec *ts) {
    int rc = real_clock_gettime(id, ts);
    if (rc == 0 && is_shifted(id)) *ts = moved(*ts, shift());
    return rc;
}

int gettimeofday(struct timeval *restrict tv, void *restrict tz) {
    struct timespec ts;
    (void)tz;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0) return -1;
    tv->tv_sec = ts.tv_sec;
    tv->tv_usec = ts.tv_nsec / 1000;
    return 0;
}

time_t time(time_t *out) {
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts) != 0) return (time_t)-1;
    if (out != NULL) *out = ts.tv_sec;
    return ts.tv_sec;
}

int pthread_cond_timedwait(pthread_cond_t *cond, pthread_mutex_t *mutex, const struct timespec *abstime) {
    /* A condition variable's clock is CLOCK_REALTIME or CLOCK_MONOTONIC: both shifted alike. */
    struct timespec real = moved(*abstime, -shift());
    return real_cond_timedwait(cond, mutex, &real);
}

int clock_nanosleep(clockid_t id, int flags, const struct timespec *t, struct timespec *rem) {
    if (!(flags & TIMER_ABSTIME) || !is_shifted(id)) return real_clock_nanosleep(id, flags, t, rem);
    struct timespec real = moved(*t, -shift());
    return real_clock_nanosleep(id, flags, &real, rem);
}
