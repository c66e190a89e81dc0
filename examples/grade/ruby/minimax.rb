#!/usr/bin/env ruby
# Minimax over ply's grading protocol (docs/grading.md), in Ruby.
#
# ply writes `root N`; the program asks `children N` and `value N`, one query a line,
# reads ply's answer to each, and ends with `answer V M` (the root's value and the move).

$stdout.sync = true # every line goes to ply at once

# Sends one query and returns ply's answer (one line).
def ask(query)
  puts query
  line = $stdin.gets or abort 'ply closed the input'
  line.strip
end

# The node's kind (max, min, leaf) and its children, in order.
def children(node)
  kind, *kids = ask("children #{node}").split
  [kind, kids]
end

def value(node)
  Float(ask("value #{node}"))
end

def minimax(node)
  kind, kids = children(node)
  return value(node) if kind == 'leaf'

  values = kids.map { |kid| minimax(kid) }
  kind == 'max' ? values.max : values.min
end

root = $stdin.gets.split[1]
kind, kids = children(root)
values = kids.map { |kid| minimax(kid) }
best = kind == 'max' ? values.max : values.min
puts "answer #{best} #{kids[values.index(best)]}"
