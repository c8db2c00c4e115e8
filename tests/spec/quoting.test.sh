# Quoting: single, double, ANSI-C, backslashes
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### echo 'single $x `y` \n'
echo 'single $x `y` \n'
## stdout: single $x `y` \n

#### x=1; echo "double $x \$x \\ \" \` \a"
x=1; echo "double $x \$x \\ \" \` \a"
## stdout: double 1 $x \ " ` \a

#### echo $'a\tb\x41\101\n' | od -c | head -2
echo $'a\tb\x41\101\n' | od -c | head -2
## STDOUT:
0000000   a  \t   b   A   A  \n  \n
0000007
## END

#### echo $'it\'s'
echo $'it\'s'
## stdout: it's

#### echo a\ b c\\d \$e
echo a\ b c\\d \$e
## stdout: a b c\d $e

#### echo "a\
echo "a\
b"
## stdout: ab

#### echo a\
echo a\
b
## stdout: ab

#### echo '"'"'"'
echo '"'"'"'
## stdout-json: ""
## status: 2

#### x='$y'; y=oops; echo $x "$x"
x='$y'; y=oops; echo $x "$x"
## stdout: $y $y

#### echo "$(echo "nested \"quotes\"")"
echo "$(echo "nested \"quotes\"")"
## stdout: nested "quotes"

#### echo "${x:-"def ault"}"
echo "${x:-"def ault"}"
## stdout: def ault

#### echo ${x:-'a b'}
echo ${x:-'a b'}
## stdout: a b

#### printf '%s\n' "a"'b'c
printf '%s\n' "a"'b'c
## stdout: abc

#### echo ""''
echo ""''
## stdout: 

#### echo '#not comment' # comment
echo '#not comment' # comment
## stdout: #not comment

#### echo a#b
echo a#b
## stdout: a#b

#### echo "a" # c
echo "a" # c
## stdout: a

#### x='a"b'; echo "$x"
x='a"b'; echo "$x"
## stdout: a"b

#### echo $'\e' | od -c | head -1
echo $'\e' | od -c | head -1
## stdout: 0000000 033  \n

#### echo "tab:	end"
echo "tab:	end"
## stdout: tab:	end

#### echo $"locale"
echo $"locale"
## stdout: locale

#### echo "${HOME:+yes}"
echo "${HOME:+yes}"
## stdout: yes

#### echo '\'
echo '\'
## stdout: \

#### echo "\'"
echo "\'"
## stdout: \'

#### echo \'
echo \'
## stdout: '

#### echo "a
echo "a

b"
## STDOUT:
a

b
## END

