module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log)
import Data.Array (filter, nub, sort, length)
import Data.Maybe (Maybe(..))
import Data.String (Pattern(..), split, trim, joinWith)
import Gg.Files as Files

readAll :: String -> Effect String
readAll p = do
  r <- Files.readFile p
  if r.truncated
    then _.contents <$> Files.readFileWith p _ { offset = Just 0, limit = Just r.totalLines }
    else pure r.contents

main :: Effect Unit
main = do
  text <- readAll "lists/guests.txt"
  let names = sort (nub (filter (_ /= "") (map trim (split (Pattern "\n") text))))
  _ <- Files.writeFile "lists/guests-sorted.txt" (joinWith "\n" names <> "\n")
  log ("wrote lists/guests-sorted.txt with " <> show (length names) <> " names:")
  log (joinWith "\n" names)
