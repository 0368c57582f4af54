module github.com/sdxc/robots/benchmarks

go 1.26

replace github.com/sdxc/robots => ../
