# Pathname expansion and pattern matching options
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### touch b.c a.c c.h; echo *.c
touch b.c a.c c.h; echo *.c
## stdout: a.c b.c

#### touch a1 a2 b1; echo a? [ab]1
touch a1 a2 b1; echo a? [ab]1
## stdout: a1 a2 a1 b1

#### touch x; echo *.none
touch x; echo *.none
## stdout: *.none

#### shopt -s nullglob; echo *.none; echo end
shopt -s nullglob; echo *.none; echo end
## STDOUT:

end
## END

#### shopt -s failglob; echo *.none; echo status=$?
shopt -s failglob; echo *.none; echo status=$?
## stdout-json: ""
## status: 1

#### touch .hidden vis; echo *
touch .hidden vis; echo *
## stdout: vis

#### touch .hidden vis; echo .*
touch .hidden vis; echo .*
## stdout: .hidden

#### touch .hidden vis; shopt -s dotglob; echo *
touch .hidden vis; shopt -s dotglob; echo *
## stdout: .hidden vis

#### mkdir -p d/e; touch d/f d/e/g; echo d/*
mkdir -p d/e; touch d/f d/e/g; echo d/*
## stdout: d/e d/f

#### mkdir -p d/e; touch d/e/g; echo */*/*
mkdir -p d/e; touch d/e/g; echo */*/*
## stdout: d/e/g

#### mkdir -p d/e/f; touch d/x.c d/e/y.c d/e/f/z.c; shopt -s g...
mkdir -p d/e/f; touch d/x.c d/e/y.c d/e/f/z.c; shopt -s globstar; echo **/*.c
## stdout: d/e/f/z.c d/e/y.c d/x.c

#### mkdir -p d/e; echo */
mkdir -p d/e; echo */
## stdout: d/

#### touch A.TXT b.txt; shopt -s nocaseglob; echo *.txt
touch A.TXT b.txt; shopt -s nocaseglob; echo *.txt
## stdout: A.TXT b.txt

#### touch 'a b' c; for f in *; do echo "<$f>"; done
touch 'a b' c; for f in *; do echo "<$f>"; done
## STDOUT:
<a b>
<c>
## END

#### touch a.c; x='*.c'; echo $x "$x"
touch a.c; x='*.c'; echo $x "$x"
## stdout: a.c *.c

#### touch a.c; echo '*.c' \*.c "*".c
touch a.c; echo '*.c' \*.c "*".c
## stdout: *.c *.c *.c

#### touch abc; echo a"*"
touch abc; echo a"*"
## stdout: a*

#### touch ab; set -f; echo a*; set +f; echo a*
touch ab; set -f; echo a*; set +f; echo a*
## STDOUT:
a*
ab
## END

#### touch a1 a2; echo a[!1]
touch a1 a2; echo a[!1]
## stdout: a2

#### touch a1 a2; echo a[^1]
touch a1 a2; echo a[^1]
## stdout: a2

#### touch '[x]'; echo [[]x[]]
touch '[x]'; echo [[]x[]]
## stdout: [x]

#### shopt -s extglob; touch a.c b.h c.o; echo !(*.o)
shopt -s extglob; touch a.c b.h c.o; echo !(*.o)
## stdout-json: ""
## status: 2

#### shopt -s extglob; touch a.c b.h c.o; echo @(*.c|*.h)
shopt -s extglob; touch a.c b.h c.o; echo @(*.c|*.h)
## stdout-json: ""
## status: 2

#### shopt -s extglob; touch aaa ab; echo +(a)
shopt -s extglob; touch aaa ab; echo +(a)
## stdout-json: ""
## status: 2

#### shopt -s extglob; touch x xx; echo ?(x)
shopt -s extglob; touch x xx; echo ?(x)
## stdout-json: ""
## status: 2

#### case abc in a*) echo yes;; *) echo no;; esac
case abc in a*) echo yes;; *) echo no;; esac
## stdout: yes

#### case abc in *d) echo d;; ?b?) echo qbq;; esac
case abc in *d) echo d;; ?b?) echo qbq;; esac
## stdout: qbq

#### case x in [a-z]) echo lower;; esac
case x in [a-z]) echo lower;; esac
## stdout: lower

#### case 'a*' in 'a*') echo lit;; esac
case 'a*' in 'a*') echo lit;; esac
## stdout: lit

#### case axx in 'a'*) echo quotedprefix;; esac
case axx in 'a'*) echo quotedprefix;; esac
## stdout: quotedprefix

#### p='a*'; case abc in $p) echo unquoted;; esac; case abc in...
p='a*'; case abc in $p) echo unquoted;; esac; case abc in "$p") echo quoted;; *) echo no;; esac
## STDOUT:
unquoted
no
## END

#### shopt -s extglob; case foo.tar.gz in *.@(gz|bz2)) echo co...
shopt -s extglob; case foo.tar.gz in *.@(gz|bz2)) echo compressed;; esac
## stdout-json: ""
## status: 2

#### shopt -s nocasematch; case ABC in abc) echo ci;; esac
shopt -s nocasematch; case ABC in abc) echo ci;; esac
## stdout: ci

#### case - in -) echo dash;; esac
case - in -) echo dash;; esac
## stdout: dash

#### case '' in '') echo empty;; esac
case '' in '') echo empty;; esac
## stdout: empty

#### case a in b|a) echo alt;; esac
case a in b|a) echo alt;; esac
## stdout: alt

#### case a in (a) echo paren;; esac
case a in (a) echo paren;; esac
## stdout: paren

#### case 5 in [[:digit:]]) echo digit;; esac
case 5 in [[:digit:]]) echo digit;; esac
## stdout: digit

#### case ab in a\b) echo esc;; esac
case ab in a\b) echo esc;; esac
## stdout: esc

#### [[ abc == a* ]] && echo y1; [[ abc == 'a*' ]] || echo n2
[[ abc == a* ]] && echo y1; [[ abc == 'a*' ]] || echo n2
## STDOUT:
y1
n2
## END

#### [[ abc == a?c ]] && echo y; [[ abc != a?c ]] || echo n
[[ abc == a?c ]] && echo y; [[ abc != a?c ]] || echo n
## STDOUT:
y
n
## END

#### x='a*'; [[ abc == $x ]] && echo unq; [[ abc == "$x" ]] ||...
x='a*'; [[ abc == $x ]] && echo unq; [[ abc == "$x" ]] || echo q
## STDOUT:
unq
q
## END

#### [[ a.c == *.@(c|h) ]] && echo extglob-in-cond
[[ a.c == *.@(c|h) ]] && echo extglob-in-cond
## stdout: extglob-in-cond

#### touch a; echo [a
touch a; echo [a
## stdout: [a

#### echo /usr/bi?/ | tr ' ' '\n' | head -1
echo /usr/bi?/ | tr ' ' '\n' | head -1
## stdout: /usr/bin/

