module Main where

import Prelude

import Data.Array (filter, length, sortBy, take)
import Data.Foldable (foldl, for_)
import Data.Map as Map
import Data.String (Pattern(..), split, toLower, trim)
import Data.Tuple (Tuple(..))
import Effect (Effect)
import Effect.Console (log)
import Gg.Files as Files

counts :: Array String -> Map.Map String Int
counts = foldl (\m w -> Map.insertWith (+) w 1 m) Map.empty

main :: Effect Unit
main = do
  _ <- Files.writeFile "words.txt" "the cat saw the dog\nthe dog saw a bird\nA bird saw the cat\n"
  text <- _.contents <$> Files.readFile "words.txt"
  let lines = filter (_ /= "") (split (Pattern "\n") (trim text))
  let words = filter (_ /= "") (lines >>= split (Pattern " ") >>> map toLower)
  let table = counts words
  let ranked = sortBy (\(Tuple _ a) (Tuple _ b) -> compare b a) (Map.toUnfoldable table)
  log ("lines: " <> show (length lines) <> ", words: " <> show (length words))
  for_ (take 3 ranked) \(Tuple w n) ->
    log (w <> " " <> show n)
