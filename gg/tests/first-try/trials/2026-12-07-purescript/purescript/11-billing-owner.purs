module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log)
import Data.Array (filter, findIndex, head, mapMaybe, range, length, elem, slice, find, (!!))
import Data.Array.NonEmpty as NEA
import Data.Foldable (any)
import Data.Maybe (Maybe(..), maybe)
import Data.String (Pattern(..), Replacement(..), split, trim, toLower, replaceAll, contains, take)
import Data.String.Regex (Regex, test, match, replace)
import Data.String.Regex.Flags (ignoreCase, noFlags)
import Data.String.Regex.Unsafe (unsafeRegex)
import Gg.Memories as Memories

group1 :: Regex -> String -> Maybe String
group1 re s = case match re s of
  Just groups -> case NEA.index groups 1 of
    Just (Just g) -> Just g
    _ -> Nothing
  Nothing -> Nothing

clean :: String -> String
clean s = trim (replaceAll (Pattern "\"") (Replacement "")
  (replaceAll (Pattern "`") (Replacement "") (replaceAll (Pattern "**") (Replacement "") s)))

markerRe :: Regex
markerRe = unsafeRegex "^\\s*(?:[-*+]|\\d+[.)]|#+)\\s+" noFlags

prep :: String -> String
prep s = trim (replace markerRe "" (clean s))

mentionRe :: Regex
mentionRe = unsafeRegex "\\bbilling\\b" ignoreCase

keyRe :: Regex
keyRe = unsafeRegex "^(?:src/)?billing(?![-\\w])" ignoreCase

keyExactRe :: Regex
keyExactRe = unsafeRegex "^(?:src/)?billing/?$" ignoreCase

kvRe :: Regex
kvRe = unsafeRegex "^(?:src/)?billing(?![-\\w])/?\\s*(?:\\([^)]*\\)\\s*)?(?::|=|->|→|—|–|\\s-\\s|\\t|\\s\\s|,|(?:is\\s+)?owned\\s+by\\b|belongs\\s+to\\b|(?:is\\s+)?maintained\\s+by\\b|owner\\s*:?)\\s*(.+)$" ignoreCase

aloneRe :: Regex
aloneRe = unsafeRegex "^(?:src/)?billing/?\\s*:?\\s*$" ignoreCase

subjRe :: Regex
subjRe = unsafeRegex "^(.+?)\\s+(?:owns|maintains|looks\\s+after|runs|is\\s+responsible\\s+for|is\\s+the\\s+owner\\s+of)\\s+(?:the\\s+)?(?:src/)?billing\\b" ignoreCase

byRe :: Regex
byRe = unsafeRegex "\\bbilling\\b.*?\\b(?:owned\\s+by|maintained\\s+by|belongs\\s+to|owner\\s+is|owner\\s*:)\\s*(.+)$" ignoreCase

ownerFieldRe :: Regex
ownerFieldRe = unsafeRegex "^owner\\s*[:=]\\s*(.+)$" ignoreCase

ownerPrefixRe :: Regex
ownerPrefixRe = unsafeRegex "^(?:owner\\s*[:=-]\\s*|owner\\s+|(?:is\\s+)?owned\\s+by\\s+|maintained\\s+by\\s+|by\\s+)" ignoreCase

trailRe :: Regex
trailRe = unsafeRegex "[\\s.,;]+$" noFlags

tidy :: String -> String
tidy o = trim (replace trailRe "" (replace ownerPrefixRe "" (trim o)))

isTableRow :: String -> Boolean
isTableRow l = take 1 (trim l) == "|"

cells :: String -> Array String
cells l = filter (_ /= "") (map clean (split (Pattern "|") l))

isKeyLine :: String -> Boolean
isKeyLine l =
  if isTableRow l
    then any (test keyExactRe) (cells l)
    else test keyRe (prep l)

tableOwner :: Maybe String -> String -> Maybe String
tableOwner header l =
  let cs = cells l
      billingCol = findIndex (test keyExactRe) cs
      ownerCol = case header of
        Just h | h /= l -> findIndex (\c -> contains (Pattern "owner") (toLower c)) (cells h)
        _ -> Nothing
  in map tidy (case ownerCol of
       Just c -> cs !! c
       Nothing -> case billingCol of
         Just b -> cs !! (b + 1)
         Nothing -> Nothing)

nextOwner :: Array String -> Int -> Maybe String
nextOwner ls j =
  let following = filter (_ /= "") (map prep (slice j (j + 5) ls))
  in case head (mapMaybe (group1 ownerFieldRe) following) of
       Just o -> Just (tidy o)
       Nothing -> map tidy (head following)

lineOwner :: Array String -> Int -> String -> Maybe String
lineOwner ls i l =
  let p = prep l
  in case group1 kvRe p of
       Just o -> Just (tidy o)
       Nothing ->
         if test aloneRe p
           then nextOwner ls (i + 1)
           else case group1 subjRe p of
             Just o -> Just (tidy o)
             Nothing -> map tidy (group1 byRe p)

ownerAt :: Array String -> Maybe String -> Int -> Maybe String
ownerAt ls header i = case ls !! i of
  Nothing -> Nothing
  Just l ->
    if isTableRow l
      then tableOwner header l
      else lineOwner ls i l

main :: Effect Unit
main = do
  m <- Memories.read "component-owners"
  let ls = split (Pattern "\n") m.body
      header = find isTableRow ls
      idxs = filter (\i -> maybe false (test mentionRe) (ls !! i)) (range 0 (length ls - 1))
      keyed = filter (\i -> maybe false isKeyLine (ls !! i)) idxs
      ordered = keyed <> filter (\i -> not (elem i keyed)) idxs
      answers = filter (_ /= "") (mapMaybe (ownerAt ls header) ordered)
  case head answers of
    Just o -> log o
    Nothing -> case head ordered of
      Just i -> log (maybe "" trim (ls !! i))
      Nothing -> log ("component-owners does not mention billing:\n" <> m.body)
