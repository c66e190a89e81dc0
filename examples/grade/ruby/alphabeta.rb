#!/usr/bin/env ruby
# Alpha-beta over ply's grading protocol (docs/grading.md), in Ruby.
#
# A node's loop stops as soon as alpha >= beta: a tie closes the window (the rule ge,
# ply's and AIMA's; grade it with --rule ge).

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

# The node's value and the child that gives it, in the window (alpha, beta).
def alphabeta(node, alpha, beta)
  kind, kids = children(node)
  return [value(node), nil] if kind == 'leaf'

  best = kind == 'max' ? -Float::INFINITY : Float::INFINITY
  move = nil
  kids.each do |kid|
    v, = alphabeta(kid, alpha, beta)
    if kind == 'max'
      best, move = v, kid if v > best
      alpha = [alpha, v].max
    else
      best, move = v, kid if v < best
      beta = [beta, v].min
    end
    break if alpha >= beta
  end
  [best, move]
end

root = $stdin.gets.split[1]
best, move = alphabeta(root, -Float::INFINITY, Float::INFINITY)
puts "answer #{best} #{move}"
