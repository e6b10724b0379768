module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log)
import Data.Maybe (Maybe(..))
import Gg.Memories as Memories

main :: Effect Unit
main = do
  m <- Memories.read "vpn"
  Memories.writeWith "office-vpn" m.body _ { description = Just m.description, code = m.code }
  copy <- Memories.read "office-vpn"
  if copy.body == m.body && copy.description == m.description
    then do
      Memories.delete "vpn"
      log "renamed memory vpn to office-vpn"
    else log "the copy under office-vpn does not match; vpn left in place"
