# Pathname expansion and pattern matching options
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### touch b.c a.c c.h; echo *.c
touch b.c a.c c.h; echo *.c

#### touch a1 a2 b1; echo a? [ab]1
touch a1 a2 b1; echo a? [ab]1

#### touch x; echo *.none
touch x; echo *.none

#### shopt -s nullglob; echo *.none; echo end
shopt -s nullglob; echo *.none; echo end

#### shopt -s failglob; echo *.none; echo status=$?
shopt -s failglob; echo *.none; echo status=$?

#### touch .hidden vis; echo *
touch .hidden vis; echo *

#### touch .hidden vis; echo .*
touch .hidden vis; echo .*

#### touch .hidden vis; shopt -s dotglob; echo *
touch .hidden vis; shopt -s dotglob; echo *

#### mkdir -p d/e; touch d/f d/e/g; echo d/*
mkdir -p d/e; touch d/f d/e/g; echo d/*

#### mkdir -p d/e; touch d/e/g; echo */*/*
mkdir -p d/e; touch d/e/g; echo */*/*

#### mkdir -p d/e/f; touch d/x.c d/e/y.c d/e/f/z.c; shopt -s g...
mkdir -p d/e/f; touch d/x.c d/e/y.c d/e/f/z.c; shopt -s globstar; echo **/*.c

#### mkdir -p d/e; echo */
mkdir -p d/e; echo */

#### touch A.TXT b.txt; shopt -s nocaseglob; echo *.txt
touch A.TXT b.txt; shopt -s nocaseglob; echo *.txt

#### touch 'a b' c; for f in *; do echo "<$f>"; done
touch 'a b' c; for f in *; do echo "<$f>"; done

#### touch a.c; x='*.c'; echo $x "$x"
touch a.c; x='*.c'; echo $x "$x"

#### touch a.c; echo '*.c' \*.c "*".c
touch a.c; echo '*.c' \*.c "*".c

#### touch abc; echo a"*"
touch abc; echo a"*"

#### touch ab; set -f; echo a*; set +f; echo a*
touch ab; set -f; echo a*; set +f; echo a*

#### touch a1 a2; echo a[!1]
touch a1 a2; echo a[!1]

#### touch a1 a2; echo a[^1]
touch a1 a2; echo a[^1]

#### touch '[x]'; echo [[]x[]]
touch '[x]'; echo [[]x[]]

#### shopt -s extglob; touch a.c b.h c.o; echo !(*.o)
shopt -s extglob; touch a.c b.h c.o; echo !(*.o)

#### shopt -s extglob; touch a.c b.h c.o; echo @(*.c|*.h)
shopt -s extglob; touch a.c b.h c.o; echo @(*.c|*.h)

#### shopt -s extglob; touch aaa ab; echo +(a)
shopt -s extglob; touch aaa ab; echo +(a)

#### shopt -s extglob; touch x xx; echo ?(x)
shopt -s extglob; touch x xx; echo ?(x)

#### case abc in a*) echo yes;; *) echo no;; esac
case abc in a*) echo yes;; *) echo no;; esac

#### case abc in *d) echo d;; ?b?) echo qbq;; esac
case abc in *d) echo d;; ?b?) echo qbq;; esac

#### case x in [a-z]) echo lower;; esac
case x in [a-z]) echo lower;; esac

#### case 'a*' in 'a*') echo lit;; esac
case 'a*' in 'a*') echo lit;; esac

#### case axx in 'a'*) echo quotedprefix;; esac
case axx in 'a'*) echo quotedprefix;; esac

#### p='a*'; case abc in $p) echo unquoted;; esac; case abc in...
p='a*'; case abc in $p) echo unquoted;; esac; case abc in "$p") echo quoted;; *) echo no;; esac

#### shopt -s extglob; case foo.tar.gz in *.@(gz|bz2)) echo co...
shopt -s extglob; case foo.tar.gz in *.@(gz|bz2)) echo compressed;; esac

#### shopt -s nocasematch; case ABC in abc) echo ci;; esac
shopt -s nocasematch; case ABC in abc) echo ci;; esac

#### case - in -) echo dash;; esac
case - in -) echo dash;; esac

#### case '' in '') echo empty;; esac
case '' in '') echo empty;; esac

#### case a in b|a) echo alt;; esac
case a in b|a) echo alt;; esac

#### case a in (a) echo paren;; esac
case a in (a) echo paren;; esac

#### case 5 in [[:digit:]]) echo digit;; esac
case 5 in [[:digit:]]) echo digit;; esac

#### case ab in a\b) echo esc;; esac
case ab in a\b) echo esc;; esac

#### [[ abc == a* ]] && echo y1; [[ abc == 'a*' ]] || echo n2
[[ abc == a* ]] && echo y1; [[ abc == 'a*' ]] || echo n2

#### [[ abc == a?c ]] && echo y; [[ abc != a?c ]] || echo n
[[ abc == a?c ]] && echo y; [[ abc != a?c ]] || echo n

#### x='a*'; [[ abc == $x ]] && echo unq; [[ abc == "$x" ]] ||...
x='a*'; [[ abc == $x ]] && echo unq; [[ abc == "$x" ]] || echo q

#### [[ a.c == *.@(c|h) ]] && echo extglob-in-cond
[[ a.c == *.@(c|h) ]] && echo extglob-in-cond

#### touch a; echo [a
touch a; echo [a

#### echo /usr/bi?/ | tr ' ' '\n' | head -1
echo /usr/bi?/ | tr ' ' '\n' | head -1

