# echo and printf
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### echo a b c
echo a b c

#### echo -n no-newline; echo
echo -n no-newline; echo

#### echo -e 'a\tb\nc'
echo -e 'a\tb\nc'

#### echo -E 'a\tb'
echo -E 'a\tb'

#### echo 'a\tb'
echo 'a\tb'

#### echo -ne 'x\n'
echo -ne 'x\n'

#### echo -en 'y\n'
echo -en 'y\n'

#### echo -n
echo -n

#### echo -
echo -

#### echo --
echo --

#### echo -x
echo -x

#### echo -e 'stop\cignored'; echo
echo -e 'stop\cignored'; echo

#### echo -e '\x41\0102\e' | od -c | head -1
echo -e '\x41\0102\e' | od -c | head -1

#### echo -e '\u263a' | od -An -tx1
echo -e '\u263a' | od -An -tx1

#### printf '%s\n' a b c
printf '%s\n' a b c

#### printf '%s-%s\n' a b c
printf '%s-%s\n' a b c

#### printf '%d %i\n' 42 -7
printf '%d %i\n' 42 -7

#### printf '%5d|%-5d|%05d\n' 42 42 42
printf '%5d|%-5d|%05d\n' 42 42 42

#### printf '%x %X %o %u\n' 255 255 8 7
printf '%x %X %o %u\n' 255 255 8 7

#### printf '%#x %#o\n' 255 8
printf '%#x %#o\n' 255 8

#### printf '%.2f %8.3f %e\n' 3.14159 2.5 12345.678
printf '%.2f %8.3f %e\n' 3.14159 2.5 12345.678

#### printf '%g %g\n' 0.0001 1000000
printf '%g %g\n' 0.0001 1000000

#### printf '%c%c\n' hello world
printf '%c%c\n' hello world

#### printf '%10s|%-10s|\n' right left
printf '%10s|%-10s|\n' right left

#### printf '%.3s\n' truncate
printf '%.3s\n' truncate

#### printf '%*d|%-*d|\n' 5 1 4 2
printf '%*d|%-*d|\n' 5 1 4 2

#### printf '%%\n'
printf '%%\n'

#### printf 'no newline'; echo
printf 'no newline'; echo

#### printf '%s\n'
printf '%s\n'

#### printf '%d\n'
printf '%d\n'

#### printf '%b\n' 'a\tb' 'c\nd'
printf '%b\n' 'a\tb' 'c\nd'

#### printf '%q\n' 'a b' "it's" '$x' ''
printf '%q\n' 'a b' "it's" '$x' ''

#### printf '%d\n' abc; echo status=$?
printf '%d\n' abc; echo status=$?

#### printf '%d\n' 12abc; echo status=$?
printf '%d\n' 12abc; echo status=$?

#### printf '%d %d\n' "'a" '"b'
printf '%d %d\n' "'a" '"b'

#### printf '%d\n' 0x1f 010
printf '%d\n' 0x1f 010

#### printf -v out '%s=%d' k 5; echo $out
printf -v out '%s=%d' k 5; echo $out

#### printf -v 'arr[2]' '%s' x; echo ${arr[2]}
printf -v 'arr[2]' '%s' x; echo ${arr[2]}

#### printf '\101\x42\n'
printf '\101\x42\n'

#### printf 'a\\b\n'
printf 'a\\b\n'

#### printf '%s %s %s\n' 1 2
printf '%s %s %s\n' 1 2

#### printf '[%3s]\n' ab abcd
printf '[%3s]\n' ab abcd

#### printf '%s\n' "$(printf 'a\nb')"
printf '%s\n' "$(printf 'a\nb')"

#### printf '%05.1f\n' 3.14159
printf '%05.1f\n' 3.14159

#### printf '%+d % d\n' 5 5
printf '%+d % d\n' 5 5

#### printf '%-3s|\n' x y
printf '%-3s|\n' x y

#### printf '%.0f %.0f\n' 2.5 3.5
printf '%.0f %.0f\n' 2.5 3.5

#### printf '%s\n' -- -n
printf '%s\n' -- -n

#### printf -- '--%s\n' x
printf -- '--%s\n' x

#### printf '%5.2s|\n' abc
printf '%5.2s|\n' abc

#### printf 'tab\there\n'
printf 'tab\there\n'

#### printf '%i\n' -0
printf '%i\n' -0

#### printf '%s' ''; echo empty
printf '%s' ''; echo empty

#### printf '%c\n' ''
printf '%c\n' ''

