# Quoting: single, double, ANSI-C, backslashes
# Run by run_spec.py against bash (the oracle) and our interpreter.

#### echo 'single $x `y` \n'
echo 'single $x `y` \n'

#### x=1; echo "double $x \$x \\ \" \` \a"
x=1; echo "double $x \$x \\ \" \` \a"

#### echo $'a\tb\x41\101\n' | od -c | head -2
echo $'a\tb\x41\101\n' | od -c | head -2

#### echo $'it\'s'
echo $'it\'s'

#### echo a\ b c\\d \$e
echo a\ b c\\d \$e

#### echo "a\
echo "a\
b"

#### echo a\
echo a\
b

#### echo '"'"'"'
echo '"'"'"'

#### x='$y'; y=oops; echo $x "$x"
x='$y'; y=oops; echo $x "$x"

#### echo "$(echo "nested \"quotes\"")"
echo "$(echo "nested \"quotes\"")"

#### echo "${x:-"def ault"}"
echo "${x:-"def ault"}"

#### echo ${x:-'a b'}
echo ${x:-'a b'}

#### printf '%s\n' "a"'b'c
printf '%s\n' "a"'b'c

#### echo ""''
echo ""''

#### echo '#not comment' # comment
echo '#not comment' # comment

#### echo a#b
echo a#b

#### echo "a" # c
echo "a" # c

#### x='a"b'; echo "$x"
x='a"b'; echo "$x"

#### echo $'\e' | od -c | head -1
echo $'\e' | od -c | head -1

#### echo "tab:	end"
echo "tab:	end"

#### echo $"locale"
echo $"locale"

#### echo "${HOME:+yes}"
echo "${HOME:+yes}"

#### echo '\'
echo '\'

#### echo "\'"
echo "\'"

#### echo \'
echo \'

#### echo "a
echo "a

b"

