# Brace and tilde expansion
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### echo {a,b,c}
echo {a,b,c}

#### echo x{a,b}y
echo x{a,b}y

#### echo {a,b}{1,2}
echo {a,b}{1,2}

#### echo {1..5}
echo {1..5}

#### echo {5..1}
echo {5..1}

#### echo {1..10..3}
echo {1..10..3}

#### echo {10..1..4}
echo {10..1..4}

#### echo {a..e}
echo {a..e}

#### echo {e..a..2}
echo {e..a..2}

#### echo {01..10}
echo {01..10}

#### echo {-3..3}
echo {-3..3}

#### echo {a,{b,c}d}
echo {a,{b,c}d}

#### echo {a}
echo {a}

#### echo {}
echo {}

#### echo {a,}
echo {a,}

#### echo a{,b}
echo a{,b}

#### x=1; echo {$x,2}
x=1; echo {$x,2}

#### echo "{a,b}"
echo "{a,b}"

#### echo '{a,b}'
echo '{a,b}'

#### echo {a,b\,c}
echo {a,b\,c}

#### echo {1..3}{a..b}
echo {1..3}{a..b}

#### echo file.{c,h,o}
echo file.{c,h,o}

#### echo {x..z}{1..2}
echo {x..z}{1..2}

#### a=(p{1,2}); echo ${a[@]}
a=(p{1,2}); echo ${a[@]}

#### for i in {1..3}; do echo $i; done
for i in {1..3}; do echo $i; done

#### echo ~ | sed "s#$HOME#HOME#"
echo ~ | sed "s#$HOME#HOME#"

#### echo ~/x | sed "s#$HOME#HOME#"
echo ~/x | sed "s#$HOME#HOME#"

#### echo "~" '~'
echo "~" '~'

#### HOME=/h; echo ~ ~/a a~
HOME=/h; echo ~ ~/a a~

#### HOME=/h; x=~/p; echo $x
HOME=/h; x=~/p; echo $x

#### HOME=/h; x=a:~/b; echo $x
HOME=/h; x=a:~/b; echo $x

#### echo ~root
echo ~root

#### echo ~nosuchuser_xyz
echo ~nosuchuser_xyz

#### HOME=/h; echo ${x:-~}
HOME=/h; echo ${x:-~}

#### echo {1..3..0}
echo {1..3..0}

