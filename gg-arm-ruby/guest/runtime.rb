# gg's Ruby SDK runtime: the channel to the membrane, the JSON mapping of WIT values both ways,
# Gg::ApiError, the program's runner and its failure reports. build.rs appends the families
# (Gg::Files, Gg::Tasks, ...), their Structs and the operation table generated from the WIT.
require "js"
require "json"
require "rbconfig"

$stdout.sync = true
$stderr.sync = true

# Ruby 3.4's bundled gems (csv, base64, bigdecimal, prime, ...) are packed under gems/ and reach
# $LOAD_PATH only through RubyGems, which this VM runs without (--disable-gems): their lib
# directories go last, after the standard library's.
Dir.glob(File.join(RbConfig::CONFIG["rubylibprefix"], "gems", RbConfig::CONFIG["ruby_version"], "gems", "*", "lib"))
   .sort.each { |dir| $LOAD_PATH << dir unless $LOAD_PATH.include?(dir) }

module Gg
  # A failed operation: `code` is a Symbol (:not_found, :invalid_argument, ...).
  class ApiError < StandardError
    attr_reader :code, :operation, :detail

    def initialize(code, operation, detail)
      @code = code
      @operation = operation
      @detail = detail
      super("#{operation} failed (#{code.to_s.tr("_", "-")}): #{detail}")
    end
  end

  # What a family module answers for a name it does not declare.
  module Family
    def method_missing(name, *_args, **_kw, &_blk)
      declared = singleton_methods(false).sort.map { |m| "#{self.name}.#{m}" }
      raise NoMethodError.new(
        "undefined method '#{name}' for module #{self.name}; it declares #{declared.join(", ")}", name,
        receiver: self
      )
    end

    def respond_to_missing?(_name, _private = false) = false

    def const_missing(name)
      declared = constants.sort.map { |c| "#{self.name}::#{c}" }
      raise NameError.new(
        "uninitialized constant #{self.name}::#{name}; it declares #{declared.join(", ")}", name, receiver: self
      )
    end
  end

  # What a gg record (a Struct) answers for a field it does not have: the fields it has.
  module Record
    def method_missing(name, *_args, **_kw, &_blk)
      raise NoMethodError.new(
        "undefined method '#{name}' for an instance of #{self.class.name}; its fields: #{members.join(", ")}", name,
        receiver: self
      )
    end

    def respond_to_missing?(_name, _private = false) = false
  end

  CHANNEL = "\u0001gg\n"

  def self.__host(request) = JS.eval(CHANNEL + request).to_s

  def self.families = constants.sort.map { |c| const_get(c) }.select { |c| c.is_a?(Module) && c.singleton_class.include?(Family) }

  def self.const_missing(name)
    raise NameError.new(
      "uninitialized constant Gg::#{name}; Gg declares #{families.map(&:name).join(", ")} and Gg::ApiError",
      name, receiver: self
    )
  end

  def self.method_missing(name, *_args, **_kw, &_blk)
    raise NoMethodError.new(
      "undefined method '#{name}' for module Gg; the operations live in #{families.map(&:name).join(", ")}",
      name, receiver: self
    )
  end

  def self.respond_to_missing?(_name, _private = false) = false

  # One generator for every request: `JSON.generate` builds a new state per call, a third of the
  # cost of generating a small request here (BENCHMARKS.md).
  GENERATOR = JSON::State.new

  # Calls one operation with the method's arguments, in the WIT's order.
  def self.__call(op, args)
    params, result, = OPS.fetch(op)
    request = +"#{CHANNEL}call\n#{op}\n"
    if params.empty?
      request << "{}"
    else
      payload = {}
      params.each_with_index { |(name, ty), i| payload[name] = __encode(ty, args[i]) }
      request << GENERATOR.generate(payload)
    end
    reply = JSON.parse(JS.eval(request).to_s)
    if (err = reply["err"])
      raise ApiError.new(err["code"].tr("-", "_").to_sym, err["operation"], err["message"])
    end
    result ? __decode(result, reply["ok"]) : nil
  end

  def self.__wit(name) = name.to_s.tr("_", "-")

  def self.__encode(ty, v)
    case ty
    when :string then v.is_a?(Symbol) ? v.to_s : v
    when Array
      case ty[0]
      when :list then v.nil? ? v : v.to_a.map { |x| __encode(ty[1], x) }
      when :option then v.nil? ? nil : __encode(ty[1], v)
      end
    when String then __encode_named(TYPES.fetch(ty), v)
    else v
    end
  end

  def self.__encode_named(def_, v)
    case def_[0]
    when :record
      h = v.is_a?(Hash) ? v : (v.respond_to?(:to_h) ? v.to_h : v)
      return h unless h.is_a?(Hash)
      given = h.to_h { |k, x| [__wit(k), x] }
      out = {}
      def_[2].each do |wit, _sym, fty|
        if given.key?(wit)
          out[wit] = __encode(fty, given.delete(wit))
        elsif fty.is_a?(Array) && fty[0] == :list
          out[wit] = []
        elsif fty.is_a?(String) && TYPES[fty][0] == :variant && TYPES[fty][1].any? { |c, _| c == "keep" }
          out[wit] = "keep"
        end
      end
      out.merge(given) # an unknown key reaches the wire, whose error names it
    when :enum then v.is_a?(Symbol) || v.is_a?(String) ? __wit(v) : v
    when :variant
      cases = def_[1]
      case v
      when nil
        cases.any? { |c, _| c == "clear" } ? { "tag" => "clear" } : nil
      when Symbol then { "tag" => __wit(v) }
      when String
        carrier = cases.find { |_, t| t == :string }
        carrier ? { "tag" => carrier[0], "val" => v } : { "tag" => __wit(v) }
      when Array
        tag = __wit(v[0])
        _, t = cases.find { |c, _| c == tag }
        t ? { "tag" => tag, "val" => __encode(t, v[1]) } : { "tag" => tag }
      when Hash
        tag = __wit(v[:tag] || v["tag"])
        _, t = cases.find { |c, _| c == tag }
        val = v.key?(:val) ? v[:val] : v["val"]
        t ? { "tag" => tag, "val" => __encode(t, val) } : { "tag" => tag }
      else v
      end
    end
  end

  def self.__decode(ty, v)
    case ty
    when Array
      case ty[0]
      when :list then v.map { |x| __decode(ty[1], x) }
      when :option then v.nil? ? nil : __decode(ty[1], v)
      end
    when String
      def_ = TYPES.fetch(ty)
      case def_[0]
      when :record then def_[1].new(**def_[2].to_h { |wit, sym, fty| [sym, __decode(fty, v[wit])] })
      when :enum then v.tr("-", "_").to_sym
      when :variant
        tag = (v.is_a?(Hash) ? v["tag"] : v).tr("-", "_").to_sym
        _, t = def_[1].find { |c, _| c == __wit(tag) }
        t ? [tag, __decode(t, v["val"])] : tag
      end
    else v
    end
  end

  # ---------------------------------------------------------------- the runner

  PROGRAM = "program.rb"

  def self.__own_frame?(path) = path == PROGRAM || path.start_with?("lib/")

  # The program's own frames, innermost first, as `[path, line, label]`.
  def self.__frames(e)
    locs = e.backtrace_locations
    if locs
      locs.filter_map { |l| [l.path, l.lineno, l.label] if __own_frame?(l.path.to_s) }
    else
      (e.backtrace || []).filter_map do |line|
        m = /\A(.+?):(\d+):in '(.*)'/.match(line) || /\A(.+?):(\d+)/.match(line)
        [m[1], m[2].to_i, m[3]] if m && __own_frame?(m[1])
      end
    end
  end

  def self.__column(source, line)
    text = source.lines[line - 1] || ""
    (text =~ /\S/ || 0) + 1
  end

  def self.__report(kind, message, location, code = nil)
    err = { "kind" => kind, "code" => code, "message" => message, "location" => location }
    __host("call\nfeedback.report_error\n#{JSON.generate({ "error" => err })}")
  end

  def self.__syntax_error(e, source)
    text = e.message
    line = (text[/\A#{Regexp.escape(PROGRAM)}:(\d+):/, 1] || 1).to_i
    column = 1
    lines = text.lines
    marker = lines.index { |l| l =~ /\A>\s*#{line}\s*\|/ }
    if marker && (caret = lines[(marker + 1)..].find { |l| l.include?("^") && l.include?("|") })
      bar = caret.index("|")
      column = caret.index("^") - bar - 1
      # Prism counts characters, but shows a long line from near its error, after "... ", and
      # the caret counts from there: the shown text is found in the line to count from its start.
      shown = lines[marker][(lines[marker].index("|") + 2)..].to_s.chomp
      if shown.start_with?("... ")
        fragment = shown.delete_prefix("... ").delete_suffix(" ...")
        text = (source.lines[line - 1] || "").chomp
        at = text.end_with?(fragment) ? text.length - fragment.length : text.index(fragment)
        column = at + column - 4 if at
      end
      column = 1 if column < 1
    end
    __report("other", "#{text.sub(/\A#{Regexp.escape(PROGRAM)}:\d+: /, "").rstrip} (SyntaxError)",
             { "file" => PROGRAM, "line" => line, "column" => column })
  end

  def self.__report_exception(e, source)
    return __syntax_error(e, source) if e.is_a?(SyntaxError) && e.message.start_with?("#{PROGRAM}:")

    frames = __frames(e)
    head = frames.first
    text = +""
    text << "#{head[0]}:#{head[1]}:in '#{head[2]}': " if head
    text << "#{e.message} (#{e.class})"
    # Consecutive identical frames (deep recursion) are folded into one line and a count.
    runs = frames.drop(1).chunk_while { |a, b| a == b }.first(20)
    runs.each do |run|
      f, l, label = run.first
      text << "\n\tfrom #{f}:#{l}:in '#{label}'"
      text << "\n\t ... #{run.size - 1} levels..." if run.size > 1
    end
    location = head && { "file" => head[0], "line" => head[1],
                         "column" => head[0] == PROGRAM ? __column(source, head[1]) : 1 }
    if e.is_a?(ApiError)
      __report("api-failure", text, location, __wit(e.code))
    elsif e.is_a?(NameError) && (e.receiver == Gg || (e.receiver.is_a?(Module) && e.receiver.singleton_class.include?(Family)) rescue false)
      __report("unknown-name", text, location)
    else
      __report("other", text, location)
    end
  end

  def self.__load_modules
    JSON.parse(__host("modules")).each do |m|
      mod = Module.new
      Object.const_set(:Lib, Module.new) unless Object.const_defined?(:Lib, false)
      ::Lib.const_set(m["binding"], mod)
      begin
        mod.module_eval(m["source"], "lib/#{m["key"]}.rb", 1)
        mod.extend(mod)
      rescue Exception => e # rubocop:disable Lint/RescueException
        frame = __frames(e).first
        where = frame ? "#{frame[0]}:#{frame[1]}: " : ""
        __host("call\nfeedback.report_module_error\n#{JSON.generate({ "name" => m["key"], "message" => "#{where}#{e.message} (#{e.class})" })}")
      end
    end
  end

  # The program's `at_exit` blocks, in the order they were registered.
  AT_EXIT = []

  # Runs the program as the top level of `program.rb`; whatever it raises is reported, `exit`
  # reaches the host as the process's exit status. Its `at_exit` blocks run after it, as they do at
  # the end of a Ruby process (not after `exit!`, nor after running out of memory).
  def self.__main
    srand # the VM comes from a snapshot: each program draws its own seed
    __enter(ENV["PWD"])
    source = __host("program")
    __load_modules
    begin
      TOPLEVEL_BINDING.eval(source, PROGRAM, 1)
    rescue SystemExit => e
      Kernel.exit!(__at_exit(e.status, source))
    rescue NoMemoryError
      # Reported from a request built in advance: little memory is left to build one now.
      JS.eval(NO_MEMORY)
    rescue Exception => e # rubocop:disable Lint/RescueException
      __report_exception(e, source)
      status = __at_exit(nil, source) # `$!` is the program's exception, as Ruby gives it
      Kernel.exit!(status) if status
    else
      status = __at_exit(nil, source)
      Kernel.exit!(status) if status
    end
    nil
  end

  # The working directory gg names in PWD, the workspace (wasi-libc starts at `/`).
  def self.__enter(directory)
    Dir.chdir(directory) if directory
  rescue SystemCallError
    nil
  end

  # Runs the `at_exit` blocks, the last registered first (one registered meanwhile runs too): an
  # exception in one is reported (after the program's own, if any) and the rest still run; `exit`
  # in one sets the status the process ends with.
  def self.__at_exit(status, source)
    while (block = AT_EXIT.pop)
      begin
        block.call
      rescue SystemExit => e
        status = e.status
      rescue Exception => e # rubocop:disable Lint/RescueException
        __report_exception(e, source)
      end
    end
    status
  end

  NO_MEMORY = "#{CHANNEL}call\nfeedback.report_error\n#{JSON.generate({ "error" => { "kind" => "other", "code" => nil, "message" => "failed to allocate memory (NoMemoryError)", "location" => nil } })}".freeze
end

# `require "gg"` is what a program writes; the SDK is already loaded, so it is accepted as a no-op.
# `at_exit` keeps its block for `Gg.__main`, since the VM is never torn down the way a process is.
module Kernel
  def at_exit(&block)
    raise ArgumentError, "called without a block" unless block

    Gg::AT_EXIT << block
    block
  end
  module_function :at_exit

  alias_method :__gg_require, :require

  def require(name)
    name.to_s == "gg" ? false : __gg_require(name)
  end
  private :require
end
