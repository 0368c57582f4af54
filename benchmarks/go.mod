module github.com/sdxc/robots/benchmarks

go 1.26

replace github.com/sdxc/robots => ../

require github.com/sdxc/robots v0.0.0-00010101000000-000000000000
