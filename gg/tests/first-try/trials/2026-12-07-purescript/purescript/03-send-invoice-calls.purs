module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log)
import Data.Array (nub, sort)
import Data.Either (Either(..))
import Data.Foldable (for_)
import Data.FoldableWithIndex (forWithIndex_)
import Data.Maybe (Maybe(..))
import Data.String (Pattern(..), split, indexOf, take)
import Data.String.Regex (Regex, test)
import Data.String.Regex.Flags (noFlags)
import Data.String.Regex.Unsafe (unsafeRegex)
import Gg (attempt)
import Gg.Files as Files

readAll :: String -> Effect String
readAll p = do
  r <- Files.readFile p
  if r.truncated
    then _.contents <$> Files.readFileWith p _ { offset = Just 0, limit = Just r.totalLines }
    else pure r.contents

callRe :: Regex
callRe = unsafeRegex "(^|[^A-Za-z0-9_])send_invoice\\s*\\(" noFlags

defRe :: Regex
defRe = unsafeRegex "^\\s*(async\\s+)?def\\s+send_invoice\\b" noFlags

isCall :: String -> Boolean
isCall l =
  let code = case indexOf (Pattern "#") l of
        Just n -> take n l
        Nothing -> l
  in test callRe code && not (test defRe code)

main :: Effect Unit
main = do
  matches <- Files.searchWith "send_invoice" _ { path = Just "src" }
  let paths = sort (nub (map _.path matches))
  for_ paths \p -> do
    res <- attempt (readAll p)
    Tuple2 shown text <- case res of
      Right t -> pure (Tuple2 p t)
      Left _ -> do
        t <- readAll ("src/" <> p)
        pure (Tuple2 ("src/" <> p) t)
    let ls = split (Pattern "\n") text
    forWithIndex_ ls \i l ->
      when (isCall l) (log (shown <> ":" <> show (i + 1)))

data Tuple2 = Tuple2 String String
