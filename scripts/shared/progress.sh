# Sourced. `with_progress <describe> <output file> <command...>` runs the command, its output added
# to the file (or sent to stderr when the name is ''); every 10 s while it runs, `log` (the sourcing
# script's) tells the time so far and, unless <describe> is '', what that function reads of the
# step's progress: no long step is silent.
with_progress() {
	local describe="$1" output="$2" started=$SECONDS ticker status=0
	shift 2
	# The ticker's sleep holds none of the script's pipes, and it stops once the script is gone.
	(while sleep 10 </dev/null >/dev/null 2>&1 && kill -0 $$ 2>/dev/null; do
		log "  … $((SECONDS - started)) s${describe:+, $("$describe")}"
	done) &
	ticker=$!
	if [ -n "$output" ]; then "$@" >>"$output" 2>&1 || status=$?; else "$@" >&2 || status=$?; fi
	kill "$ticker" 2>/dev/null || true
	return "$status"
}
