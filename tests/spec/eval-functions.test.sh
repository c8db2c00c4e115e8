# Functions defined by eval and source outlive their text
# Run by run_spec.py against bash (the oracle) and our interpreter; the
# expectations below are what bash printed when the file was written.

#### f() { echo one; }; eval 'f() { echo two; }'; f; eval 'f()...
f() { echo one; }; eval 'f() { echo two; }'; f; eval 'f() { echo three; }'; f
## STDOUT:
two
three
## END

#### for i in 1 2 3; do eval "g$i() { echo g$i; }"; done; g1; g3
for i in 1 2 3; do eval "g$i() { echo g$i; }"; done; g1; g3
## STDOUT:
g1
g3
## END

#### echo 'lib() { echo from-lib; }' > lib.sh; . ./lib.sh; lib...
echo 'lib() { echo from-lib; }' > lib.sh; . ./lib.sh; lib; lib
## STDOUT:
from-lib
from-lib
## END

#### eval 'outer() { inner() { echo inner; }; }'; outer; inner
eval 'outer() { inner() { echo inner; }; }'; outer; inner
## stdout: inner

#### x=$(eval 'h() { echo h; }'; h); echo $x
x=$(eval 'h() { echo h; }'; h); echo $x
## stdout: h

