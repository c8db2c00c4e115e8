# Brace and tilde expansion
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### echo {a,b,c}
echo {a,b,c}
## stdout: a b c

#### echo x{a,b}y
echo x{a,b}y
## stdout: xay xby

#### echo {a,b}{1,2}
echo {a,b}{1,2}
## stdout: a1 a2 b1 b2

#### echo {1..5}
echo {1..5}
## stdout: 1 2 3 4 5

#### echo {5..1}
echo {5..1}
## stdout: 5 4 3 2 1

#### echo {1..10..3}
echo {1..10..3}
## stdout: 1 4 7 10

#### echo {10..1..4}
echo {10..1..4}
## stdout: 10 6 2

#### echo {a..e}
echo {a..e}
## stdout: a b c d e

#### echo {e..a..2}
echo {e..a..2}
## stdout: e c a

#### echo {01..10}
echo {01..10}
## stdout: 01 02 03 04 05 06 07 08 09 10

#### echo {-3..3}
echo {-3..3}
## stdout: -3 -2 -1 0 1 2 3

#### echo {a,{b,c}d}
echo {a,{b,c}d}
## stdout: a bd cd

#### echo {a}
echo {a}
## stdout: {a}

#### echo {}
echo {}
## stdout: {}

#### echo {a,}
echo {a,}
## stdout: a

#### echo a{,b}
echo a{,b}
## stdout: a ab

#### x=1; echo {$x,2}
x=1; echo {$x,2}
## stdout: 1 2

#### echo "{a,b}"
echo "{a,b}"
## stdout: {a,b}

#### echo '{a,b}'
echo '{a,b}'
## stdout: {a,b}

#### echo {a,b\,c}
echo {a,b\,c}
## stdout: a b,c

#### echo {1..3}{a..b}
echo {1..3}{a..b}
## stdout: 1a 1b 2a 2b 3a 3b

#### echo file.{c,h,o}
echo file.{c,h,o}
## stdout: file.c file.h file.o

#### echo {x..z}{1..2}
echo {x..z}{1..2}
## stdout: x1 x2 y1 y2 z1 z2

#### a=(p{1,2}); echo ${a[@]}
a=(p{1,2}); echo ${a[@]}
## stdout: p1 p2

#### for i in {1..3}; do echo $i; done
for i in {1..3}; do echo $i; done
## STDOUT:
1
2
3
## END

#### echo ~ | sed "s#$HOME#HOME#"
echo ~ | sed "s#$HOME#HOME#"
## stdout: HOME

#### echo ~/x | sed "s#$HOME#HOME#"
echo ~/x | sed "s#$HOME#HOME#"
## stdout: HOME/x

#### echo "~" '~'
echo "~" '~'
## stdout: ~ ~

#### HOME=/h; echo ~ ~/a a~
HOME=/h; echo ~ ~/a a~
## stdout: /h /h/a a~

#### HOME=/h; x=~/p; echo $x
HOME=/h; x=~/p; echo $x
## stdout: /h/p

#### HOME=/h; x=a:~/b; echo $x
HOME=/h; x=a:~/b; echo $x
## stdout: a:/h/b

#### echo ~root
echo ~root
## stdout: /root

#### echo ~nosuchuser_xyz
echo ~nosuchuser_xyz
## stdout: ~nosuchuser_xyz

#### HOME=/h; echo ${x:-~}
HOME=/h; echo ${x:-~}
## stdout: /h

#### echo {1..3..0}
echo {1..3..0}
## stdout: 1 2 3

