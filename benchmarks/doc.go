// Package benchmarks compares github.com/sdxc/robots with other libraries on
// the real-world corpus in ../testdata. It is a separate module so that the
// library's go.mod names only its own two dependencies.
package benchmarks
