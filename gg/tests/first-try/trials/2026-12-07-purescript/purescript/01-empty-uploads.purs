module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log)
import Data.Array (filter, sort)
import Data.Foldable (for_)
import Data.String (Pattern(..), split, trim)
import Gg.Shell as Shell

main :: Effect Unit
main = do
  r <- Shell.run "cd uploads && for f in * .[!.]* ..?*; do if [ -f \"$f\" ] && [ ! -L \"$f\" ] && [ ! -s \"$f\" ]; then printf '%s\\n' \"$f\"; fi; done"
  if r.exitCode /= 0
    then log ("could not list uploads: " <> r.output)
    else do
      let names = sort (filter (_ /= "") (map trim (split (Pattern "\n") r.output)))
      for_ names log
