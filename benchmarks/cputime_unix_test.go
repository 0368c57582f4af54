//go:build unix

package benchmarks

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time, user and system, the process has used so
// far, GC workers included; ok is false when the system cannot say.
// Benchmarks report it beside wall-clock time because this machine is
// shared: a process that waits for a core loses wall-clock time, not CPU time.
func cpuTime() (d time.Duration, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
