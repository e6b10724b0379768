module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log, logShow)
import Data.Array (filter, length)
import Data.Foldable (for_)
import Data.Maybe (Maybe(..))
import Data.String (take, drop)
import Data.String.Regex (Regex, replace')
import Data.String.Regex.Flags (global, ignoreCase)
import Data.String.Regex.Unsafe (unsafeRegex)
import Gg (TextEdit(..))
import Gg.Tasks as Tasks

typoRe :: Regex
typoRe = unsafeRegex "recieve" (global <> ignoreCase)

-- "recieve" -> "receive", keeping the case of each letter
swapIe :: String -> String
swapIe m = take 3 m <> take 1 (drop 4 m) <> take 1 (drop 3 m) <> drop 5 m

fix :: String -> String
fix = replace' typoRe (\m _ -> swapIe m)

main :: Effect Unit
main = do
  tasks <- Tasks.list
  let changed = filter (\t -> fix t.title /= t.title) tasks
  for_ changed \t -> do
    let newTitle = fix t.title
    Tasks.update t.id { title: Just newTitle, description: Keep, status: Nothing }
    log ("#" <> show t.id <> ": " <> t.title <> " -> " <> newTitle)
  logShow (length changed)
