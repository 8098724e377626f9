# Sourced by the benchmarks that time commands (POSIX sh), never run.
# Before it they set tmp (a scratch directory); measure_width (default 10)
# pads the names measure prints, and measure_ok (default 0) is the highest
# exit status of a measured command that does not stop the benchmark.

# measure NAME CMD...: the best wall and CPU (user+system) seconds of RUNS
# runs (default 3) in best and cpu, and the largest peak RSS (KiB) in rss;
# prints them on one line. On a shared machine CPU time is the steadier
# figure: the wall time also counts waiting for a core.
measure() {
	name=$1
	shift
	best= cpu= rss=0
	for _ in $(seq "${RUNS:-3}"); do
		t0=$(date +%s%N)
		/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/err" || {
			[ $? -le "${measure_ok:-0}" ] || { cat "$tmp/err" >&2; exit 1; }
		}
		t1=$(date +%s%N)
		# Wall time in seconds from the nanosecond clock: time(1)'s is
		# rounded to 10 ms, about what wc -l takes.
		s=$(echo "scale=3; ($t1 - $t0) / 1000000000" | bc)
		# time(1) puts "Command exited with non-zero status N" first.
		read -r u y k <<EOF2
$(tail -n 1 "$tmp/time")
EOF2
		c=$(echo "$u + $y" | bc)
		if [ -z "$best" ] || [ "$(echo "$s < $best" | bc)" = 1 ]; then best=$s; fi
		if [ -z "$cpu" ] || [ "$(echo "$c < $cpu" | bc)" = 1 ]; then cpu=$c; fi
		if [ "$k" -gt "$rss" ]; then rss=$k; fi
	done
	printf "%-${measure_width:-10}s wall %6.3f s  cpu %6.2f s  peak RSS %5d MiB\n" "$name" "$best" "$cpu" $((rss / 1024))
}

# ratio A B: A / B to two places; a B of 0 (a time under time(1)'s 10 ms)
# counts as 0.01.
ratio() { echo "scale=2; $1 / ($2 + (($2 == 0) * 0.01))" | bc; }
