# if, while, until, for, case, break, continue
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### if true; then echo yes; fi
if true; then echo yes; fi
## stdout: yes

#### if false; then echo yes; else echo no; fi
if false; then echo yes; else echo no; fi
## stdout: no

#### if false; then echo 1; elif true; then echo 2; else echo ...
if false; then echo 1; elif true; then echo 2; else echo 3; fi
## stdout: 2

#### if false; then echo 1; elif false; then echo 2; else echo...
if false; then echo 1; elif false; then echo 2; else echo 3; fi
## stdout: 3

#### if false; then :; fi; echo $?
if false; then :; fi; echo $?
## stdout: 0

#### if (exit 3); then :; else echo $?; fi
if (exit 3); then :; else echo $?; fi
## stdout: 3

#### x=0; while [ $x -lt 3 ]; do echo $x; x=$((x+1)); done
x=0; while [ $x -lt 3 ]; do echo $x; x=$((x+1)); done
## STDOUT:
0
1
2
## END

#### x=0; until [ $x -ge 2 ]; do echo $x; x=$((x+1)); done
x=0; until [ $x -ge 2 ]; do echo $x; x=$((x+1)); done
## STDOUT:
0
1
## END

#### for i in a b c; do echo $i; done
for i in a b c; do echo $i; done
## STDOUT:
a
b
c
## END

#### for i in; do echo never; done; echo end
for i in; do echo never; done; echo end
## stdout: end

#### for i in 1 2 3 4 5; do [ $i = 3 ] && continue; [ $i = 5 ]...
for i in 1 2 3 4 5; do [ $i = 3 ] && continue; [ $i = 5 ] && break; echo $i; done
## STDOUT:
1
2
4
## END

#### for i in 1 2; do for j in a b; do [ $j = b ] && continue ...
for i in 1 2; do for j in a b; do [ $j = b ] && continue 2; echo $i$j; done; done
## STDOUT:
1a
2a
## END

#### for i in 1 2; do for j in a b; do [ $i = 2 ] && break 2; ...
for i in 1 2; do for j in a b; do [ $i = 2 ] && break 2; echo $i$j; done; done; echo out
## STDOUT:
1a
1b
out
## END

#### i=0; while true; do i=$((i+1)); [ $i -gt 3 ] && break; do...
i=0; while true; do i=$((i+1)); [ $i -gt 3 ] && break; done; echo $i
## stdout: 4

#### while false; do :; done; echo $?
while false; do :; done; echo $?
## stdout: 0

#### for i in 1 2; do false; done; echo $?
for i in 1 2; do false; done; echo $?
## stdout: 1

#### for x in a b; do :; done; echo $x
for x in a b; do :; done; echo $x
## stdout: b

#### for w in $(echo one two); do echo $w; done
for w in $(echo one two); do echo $w; done
## STDOUT:
one
two
## END

#### case b in a) echo A;; b) echo B;; *) echo other;; esac
case b in a) echo A;; b) echo B;; *) echo other;; esac
## stdout: B

#### case z in a) echo A;; *) echo default;; esac
case z in a) echo A;; *) echo default;; esac
## stdout: default

#### case a in a) echo first;& b) echo fall;; c) echo no;; esac
case a in a) echo first;& b) echo fall;; c) echo no;; esac
## STDOUT:
first
fall
## END

#### case a in a) echo one;;& a) echo two;;& *) echo three;; esac
case a in a) echo one;;& a) echo two;;& *) echo three;; esac
## STDOUT:
one
two
three
## END

#### case x in y) ;; esac; echo $?
case x in y) ;; esac; echo $?
## stdout: 0

#### x=ab; case $x in a*) echo star;; esac
x=ab; case $x in a*) echo star;; esac
## stdout: star

#### case "a b" in 'a b') echo spaced;; esac
case "a b" in 'a b') echo spaced;; esac
## stdout: spaced

#### n=3; while [ $n -gt 0 ]; do n=$((n-1)); [ $n = 1 ] && con...
n=3; while [ $n -gt 0 ]; do n=$((n-1)); [ $n = 1 ] && continue; echo $n; done
## STDOUT:
2
0
## END

#### break; echo after-break
break; echo after-break
## stdout: after-break

#### continue; echo after-continue
continue; echo after-continue
## stdout: after-continue

#### for i in 1 2 3; do echo $i; break 5; done; echo done
for i in 1 2 3; do echo $i; break 5; done; echo done
## STDOUT:
1
done
## END

#### if echo cond; then echo body; fi
if echo cond; then echo body; fi
## STDOUT:
cond
body
## END

#### while read -r a b; do echo "$b-$a"; done <<< 'x y'
while read -r a b; do echo "$b-$a"; done <<< 'x y'
## stdout: y-x

#### i=0; while ((i<3)); do ((i++)); done; echo $i
i=0; while ((i<3)); do ((i++)); done; echo $i
## stdout: 3

#### f() { for i in 1 2 3; do [ $i = 2 ] && return 7; done; };...
f() { for i in 1 2 3; do [ $i = 2 ] && return 7; done; }; f; echo $?
## stdout: 7

#### for ((i=0;i<5;i++)); do [ $i = 1 ] && continue; [ $i = 3 ...
for ((i=0;i<5;i++)); do [ $i = 1 ] && continue; [ $i = 3 ] && break; echo $i; done
## STDOUT:
0
2
## END

#### until false; do echo once; break; done
until false; do echo once; break; done
## stdout: once

#### if [ 1 = 1 ] && [ 2 = 2 ]; then echo both; fi
if [ 1 = 1 ] && [ 2 = 2 ]; then echo both; fi
## stdout: both

#### if ! false; then echo negated; fi
if ! false; then echo negated; fi
## stdout: negated

#### x=; if [ -z "$x" ]; then echo empty; fi
x=; if [ -z "$x" ]; then echo empty; fi
## stdout: empty

#### for i in 1 2; do
for i in 1 2; do
  echo line $i
done
## STDOUT:
line 1
line 2
## END

#### if true
if true
then
  echo multi
fi
## stdout: multi

#### case 1 in
case 1 in
  1)
    echo ml
    ;;
esac
## stdout: ml

#### select x in a b; do echo $x; break; done < /dev/null; ech...
select x in a b; do echo $x; break; done < /dev/null; echo $?
## STDOUT:

1
## END

