# echo and printf
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### echo a b c
echo a b c
## stdout: a b c

#### echo -n no-newline; echo
echo -n no-newline; echo
## stdout: no-newline

#### echo -e 'a\tb\nc'
echo -e 'a\tb\nc'
## STDOUT:
a	b
c
## END

#### echo -E 'a\tb'
echo -E 'a\tb'
## stdout: a\tb

#### echo 'a\tb'
echo 'a\tb'
## stdout: a\tb

#### echo -ne 'x\n'
echo -ne 'x\n'
## stdout: x

#### echo -en 'y\n'
echo -en 'y\n'
## stdout: y

#### echo -n
echo -n
## stdout-json: ""

#### echo -
echo -
## stdout: -

#### echo --
echo --
## stdout: --

#### echo -x
echo -x
## stdout: -x

#### echo -e 'stop\cignored'; echo
echo -e 'stop\cignored'; echo
## stdout: stop

#### echo -e '\x41\0102\e' | od -c | head -1
echo -e '\x41\0102\e' | od -c | head -1
## stdout: 0000000   A   B 033  \n

#### echo -e '\u263a' | od -An -tx1
echo -e '\u263a' | od -An -tx1
## stdout:  5c 75 32 36 33 41 0a

#### printf '%s\n' a b c
printf '%s\n' a b c
## STDOUT:
a
b
c
## END

#### printf '%s-%s\n' a b c
printf '%s-%s\n' a b c
## STDOUT:
a-b
c-
## END

#### printf '%d %i\n' 42 -7
printf '%d %i\n' 42 -7
## stdout: 42 -7

#### printf '%5d|%-5d|%05d\n' 42 42 42
printf '%5d|%-5d|%05d\n' 42 42 42
## stdout:    42|42   |00042

#### printf '%x %X %o %u\n' 255 255 8 7
printf '%x %X %o %u\n' 255 255 8 7
## stdout: ff FF 10 7

#### printf '%#x %#o\n' 255 8
printf '%#x %#o\n' 255 8
## stdout: 0xff 010

#### printf '%.2f %8.3f %e\n' 3.14159 2.5 12345.678
printf '%.2f %8.3f %e\n' 3.14159 2.5 12345.678
## stdout: 3.14    2.500 1.234568e+04

#### printf '%g %g\n' 0.0001 1000000
printf '%g %g\n' 0.0001 1000000
## stdout: 0.0001 1e+06

#### printf '%c%c\n' hello world
printf '%c%c\n' hello world
## stdout: hw

#### printf '%10s|%-10s|\n' right left
printf '%10s|%-10s|\n' right left
## stdout:      right|left      |

#### printf '%.3s\n' truncate
printf '%.3s\n' truncate
## stdout: tru

#### printf '%*d|%-*d|\n' 5 1 4 2
printf '%*d|%-*d|\n' 5 1 4 2
## stdout:     1|2   |

#### printf '%%\n'
printf '%%\n'
## stdout: %

#### printf 'no newline'; echo
printf 'no newline'; echo
## stdout: no newline

#### printf '%s\n'
printf '%s\n'
## stdout: 

#### printf '%d\n'
printf '%d\n'
## stdout: 0

#### printf '%b\n' 'a\tb' 'c\nd'
printf '%b\n' 'a\tb' 'c\nd'
## STDOUT:
a	b
c
d
## END

#### printf '%q\n' 'a b' "it's" '$x' ''
printf '%q\n' 'a b' "it's" '$x' ''
## STDOUT:
a\ b
it\'s
\$x
''
## END

#### printf '%d\n' abc; echo status=$?
printf '%d\n' abc; echo status=$?
## STDOUT:
0
status=1
## END

#### printf '%d\n' 12abc; echo status=$?
printf '%d\n' 12abc; echo status=$?
## STDOUT:
12
status=1
## END

#### printf '%d %d\n' "'a" '"b'
printf '%d %d\n' "'a" '"b'
## stdout: 97 98

#### printf '%d\n' 0x1f 010
printf '%d\n' 0x1f 010
## STDOUT:
31
8
## END

#### printf -v out '%s=%d' k 5; echo $out
printf -v out '%s=%d' k 5; echo $out
## stdout: k=5

#### printf -v 'arr[2]' '%s' x; echo ${arr[2]}
printf -v 'arr[2]' '%s' x; echo ${arr[2]}
## stdout: x

#### printf '\101\x42\n'
printf '\101\x42\n'
## stdout: AB

#### printf 'a\\b\n'
printf 'a\\b\n'
## stdout: a\b

#### printf '%s %s %s\n' 1 2
printf '%s %s %s\n' 1 2
## stdout: 1 2 

#### printf '[%3s]\n' ab abcd
printf '[%3s]\n' ab abcd
## STDOUT:
[ ab]
[abcd]
## END

#### printf '%s\n' "$(printf 'a\nb')"
printf '%s\n' "$(printf 'a\nb')"
## STDOUT:
a
b
## END

#### printf '%05.1f\n' 3.14159
printf '%05.1f\n' 3.14159
## stdout: 003.1

#### printf '%+d % d\n' 5 5
printf '%+d % d\n' 5 5
## stdout: +5  5

#### printf '%-3s|\n' x y
printf '%-3s|\n' x y
## STDOUT:
x  |
y  |
## END

#### printf '%.0f %.0f\n' 2.5 3.5
printf '%.0f %.0f\n' 2.5 3.5
## stdout: 2 4

#### printf '%s\n' -- -n
printf '%s\n' -- -n
## STDOUT:
--
-n
## END

#### printf -- '--%s\n' x
printf -- '--%s\n' x
## stdout: --x

#### printf '%5.2s|\n' abc
printf '%5.2s|\n' abc
## stdout:    ab|

#### printf 'tab\there\n'
printf 'tab\there\n'
## stdout: tab	here

#### printf '%i\n' -0
printf '%i\n' -0
## stdout: 0

#### printf '%s' ''; echo empty
printf '%s' ''; echo empty
## stdout: empty

#### printf '%c\n' ''
printf '%c\n' ''

