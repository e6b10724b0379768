-- Prints the views the connection's earlier programs opened, then opens one of its own.
module Main where

import Prelude

import Data.Maybe (Maybe(..))
import Data.String (joinWith)
import Effect (Effect)
import Effect.Console (log)
import Gg.Views as Views

main :: Effect Unit
main = do
  open <- Views.current
  log ("views: [" <> joinWith "," (map _.selector open) <> "]")
  Views.openTextWith "opened by a PureScript program" _ { label = Just "purescript" }
