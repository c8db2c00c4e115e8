# Whole scripts of the kind agents write
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### getopts, assoc arrays, here-doc, EXIT trap
set -- -v a bb ccc
set -euo pipefail
usage() { echo "usage: [-v] [-n N] files..." >&2; exit 2; }
verbose=0; n=3
while getopts "vn:h" opt; do
  case $opt in
    v) verbose=1 ;;
    n) n=$OPTARG ;;
    h|*) usage ;;
  esac
done
shift $((OPTIND - 1))
log() { [[ $verbose -eq 1 ]] && echo "[log] $*" || true; }
declare -A counts=()
total=0
for f in "$@"; do
  log "processing $f"
  words=$(printf '%s\n' $f | wc -c)
  counts[$f]=$words
  total=$((total + words))
done
for k in $(printf '%s\n' "${!counts[@]}" | sort); do
  printf '%-10s %5d\n' "$k" "${counts[$k]}"
done
echo "total=$total n=$n"
result=$(for i in $(seq 1 "$n"); do echo -n "$i "; done)
echo "seq: ${result% }"
mkdir -p out && cd out && touch a.txt b.txt && ls *.txt | while read -r x; do echo "file ${x%.txt}"; done
cd ..
str="Hello, World"
echo "${str,,} ${str^^} ${#str} ${str/World/There}"
arr=(one two three)
echo "last=${arr[-1]} count=${#arr[@]} joined=$(IFS=,; echo "${arr[*]}")"
cat <<EOF
Summary:
  files: $#
  verbose: $verbose
EOF
trap 'echo "cleanup done"' EXIT
## STDOUT:
[log] processing a
[log] processing bb
[log] processing ccc
a              2
bb             3
ccc            4
total=9 n=3
seq: 1 2 3
file a
file b
hello, world HELLO, WORLD 12 Hello, There
last=three count=3 joined=one,two,three
Summary:
  files: 3
  verbose: 1
cleanup done
## END

#### read loops, mapfile, grep, awk, regex, tee
set -e
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; echo cleaned' EXIT
cd "$tmp"
printf 'alpha 1\nbeta 22\ngamma 333\n' > data.txt
while IFS=' ' read -r name num; do
  printf '%s has %d digit(s)\n' "$name" "${#num}"
done < data.txt
mapfile -t lines < data.txt
echo "lines: ${#lines[@]}; first: ${lines[0]}"
grep -c a data.txt || true
if grep -q zeta data.txt; then echo found; else echo "not found"; fi
count=0
for f in *.txt; do ((count++)) || true; done
echo "count=$count"
sum=0
while read -r _ n; do sum=$((sum + n)); done < <(cat data.txt)
echo "sum=$sum"
out=$(awk '{print $2}' data.txt | sort -n | tail -1)
echo "max=$out"
case "$out" in
  3*) echo "starts with 3" ;;
  *) echo other ;;
esac
fn() {
  local -a items=("$@")
  local i
  for i in "${!items[@]}"; do echo "$i:${items[$i]}"; done
  return 0
}
fn x "y z"
json=$(printf '{"k": "%s"}' "v")
echo "$json"
[[ $json =~ \"k\":\ \"([a-z]+)\" ]] && echo "value=${BASH_REMATCH[1]}"
echo "done" | tee log.txt >/dev/null
cat log.txt
exit 0
## STDOUT:
alpha has 1 digit(s)
beta has 2 digit(s)
gamma has 3 digit(s)
lines: 3; first: alpha 1
3
not found
count=1
sum=356
max=333
starts with 3
0:x
1:y z
{"k": "v"}
value=v
done
cleaned
## END

#### build-like script: arrays, [[ =~ ]], printf -v, arithmetic
# build-ish script
set -u
CFLAGS="${CFLAGS:--O2 -g}"
srcs=(main.c util.c "with space.c")
objs=("${srcs[@]/%.c/.o}")
printf '%s\n' "${objs[@]}"
for s in "${srcs[@]}"; do
  base=$(basename "$s" .c)
  echo "cc $CFLAGS -c '$s' -o '$base.o'"
done
declare -i errors=0
check() {
  if [[ "$1" == *space* ]]; then
    echo "warn: '$1' has a space" >&2
    errors+=1
  fi
}
for s in "${srcs[@]}"; do check "$s"; done
echo "errors=$errors"
ver="v1.2.3-rc1"
if [[ $ver =~ ^v([0-9]+)\.([0-9]+)\.([0-9]+)(-(.*))?$ ]]; then
  echo "major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]} patch=${BASH_REMATCH[3]} pre=${BASH_REMATCH[5]}"
fi
IFS=. read -r a b c <<< "${ver#v}"
echo "$a|$b|${c%%-*}"
printf -v padded '%05d' 42
echo "$padded"
n=0; until [ $n -ge 3 ]; do n=$((n+1)); done; echo "n=$n"
x=10; y=3; echo "$((x / y)) $((x % y)) $((x ** 2)) $(( x > y ? x : y ))"
s="a-b-c"; IFS=- read -ra parts <<< "$s"; echo "${#parts[@]} ${parts[*]}"
echo "${s//-/+}" "${s#*-}" "${s%-*}"
set -- one two three
echo "$# $* ${@: -1}"
shift; echo "$@"
f() { echo "in f: $1"; return 3; }
f arg || echo "f failed with $?"
{ echo grouped; echo also; } | sort -r
echo $(( $(wc -l <<< $'a\nb\nc') + 1 ))
## STDOUT:
main.o
util.o
with space.o
cc -O2 -g -c 'main.c' -o 'main.o'
cc -O2 -g -c 'util.c' -o 'util.o'
cc -O2 -g -c 'with space.c' -o 'with space.o'
errors=1
major=1 minor=2 patch=3 pre=rc1
1|2|3
00042
n=3
3 1 100 10
3 a b c
a+b+c b-c a-b
3 one two three three
two three
in f: arg
f failed with 3
grouped
also
4
## END

