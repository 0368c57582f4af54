//go:build !unix

package benchmarks

import "time"

// cpuTime reports that CPU time is not measured on this system.
func cpuTime() (d time.Duration, ok bool) { return 0, false }
