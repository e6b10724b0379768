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

  # A value the wire cannot carry (text that is not UTF-8, a NaN): refused before it crosses.
  class Unsendable < StandardError; end

  # Calls one operation with the method's arguments, in the WIT's order. A value that cannot cross
  # is refused here as the host refuses one: recorded as the operation's call, failed with
  # invalid-argument, raised as Gg::ApiError.
  def self.__call(op, args)
    params, result, = OPS.fetch(op)
    request = +"#{CHANNEL}call\n#{op}\n"
    if params.empty?
      request << "{}"
    else
      begin
        payload = {}
        params.each_with_index { |(name, ty), i| payload[name] = __encode(ty, args[i], name.tr("-", "_")) }
        request << GENERATOR.generate(payload)
      rescue Unsendable => e
        __refuse(op, args, e.message)
      rescue JSON::JSONError, EncodingError => e
        GENERATOR.depth = 0
        __refuse(op, args, "the arguments cannot be sent: #{__utf8(e.message)}")
      end
    end
    reply = JSON.parse(JS.eval(request).to_s)
    if (err = reply["err"])
      raise ApiError.new(err["code"].tr("-", "_").to_sym, err["operation"], err["message"])
    end
    result ? __decode(result, reply["ok"]) : nil
  end

  # Records the refused call and raises it as the program's Gg::ApiError.
  def self.__refuse(op, args, message)
    described = JSON.generate(args.map { |a| __describe(a) })
    __host("call\nfeedback.refused_call\n#{JSON.generate({ "operation" => op, "arguments" => described, "message" => message })}")
    raise ApiError.new(:invalid_argument, op, message)
  end

  # A short account of a value for the call's record.
  def self.__describe(v)
    case v
    when String
      text = v.bytesize > 80 ? "#{v.byteslice(0, 80).inspect}… (#{v.bytesize} bytes)" : v.inspect
      __utf8(text)
    when nil, true, false, Numeric, Symbol then __utf8(v.inspect)
    when Array then "an Array of #{v.size} items"
    when Hash then "a Hash of #{v.size} keys"
    else __a(v)
    end
  rescue StandardError
    "a value"
  end

  # `text` as valid UTF-8, what cannot be one shown as U+FFFD.
  def self.__utf8(text)
    text = text.to_s
    text = text.dup.force_encoding(Encoding::UTF_8) if text.encoding == Encoding::BINARY
    text = text.encode(Encoding::UTF_8, invalid: :replace, undef: :replace) unless text.encoding == Encoding::UTF_8
    text.valid_encoding? ? text : text.scrub
  end

  def self.__wit(name) = name.to_s.tr("_", "-")

  # `v` as text the wire can carry: a String (a binary one whose bytes are UTF-8 is taken as that),
  # a Symbol, or what converts to a String (`to_str`, a Pathname's `to_path`).
  def self.__text(v, path)
    v = v.to_s if v.is_a?(Symbol)
    v = v.to_path if !v.is_a?(String) && v.respond_to?(:to_path)
    v = v.to_str if !v.is_a?(String) && v.respond_to?(:to_str)
    return v if v.nil? || v.is_a?(Numeric) || v == true || v == false # the wire names its type
    raise Unsendable, "#{path} must be a String, got #{__a(v)}" unless v.is_a?(String)
    return v if v.encoding == Encoding::UTF_8 && v.valid_encoding?

    if v.encoding == Encoding::BINARY || v.encoding == Encoding::US_ASCII || v.encoding == Encoding::UTF_8
      utf8 = v.dup.force_encoding(Encoding::UTF_8)
      return utf8 if utf8.valid_encoding?

      bad = utf8.each_char.with_index.find { |c, _| !c.valid_encoding? }
      at = bad ? utf8[0, bad[1]].bytesize : 0
      raise Unsendable, format("%s is not UTF-8 text: byte 0x%02X at byte %d is not part of a character " \
                               "(binary data? gg's calls take text)", path, v.getbyte(at) || 0, at)
    end
    begin
      v.encode(Encoding::UTF_8)
    rescue EncodingError => e
      raise Unsendable, "#{path} cannot be read as text in #{v.encoding}: #{__utf8(e.message)}"
    end
  end

  def self.__a(v)
    name = v.class.name || v.class.to_s
    "#{name.match?(/\A[AEIOU]/) ? "an" : "a"} #{name}"
  end

  # A number the wire can carry: NaN and the infinities are no JSON number.
  def self.__number(v, path, what)
    return v unless v.is_a?(Float) && !v.finite?

    raise Unsendable, "#{path} must be #{what}, got #{v}"
  end

  # A value sent as the program gave it (a field the record does not have, whose name the wire's
  # error gives): checked for what JSON cannot carry.
  def self.__plain(v, path, depth = 0)
    raise Unsendable, "#{path} is nested more than 64 deep" if depth > 64

    case v
    when String, Symbol then __text(v, path)
    when Float then __number(v, path, "a finite number")
    when Array then v.each_with_index.map { |x, i| __plain(x, "#{path}[#{i}]", depth + 1) }
    when Hash then v.to_h { |k, x| [__text(k.to_s, path), __plain(x, "#{path}.#{k}", depth + 1)] }
    else v
    end
  end

  # At most this many items in a list, as the host accepts.
  MAX_ITEMS = 10_000

  def self.__items(v, path)
    size = v.respond_to?(:size) ? v.size : nil
    if size.is_a?(Numeric) && size > MAX_ITEMS
      raise Unsendable, "#{path} has #{size.is_a?(Float) ? size : size.to_i} items; at most #{MAX_ITEMS} are accepted"
    end
    raise Unsendable, "#{path} must be an Array, got #{__a(v)}" unless v.respond_to?(:to_a)

    v.to_a
  end

  def self.__encode(ty, v, path)
    case ty
    when :string then __text(v, path)
    when :float then __number(v, path, "a finite number")
    when :int then __number(v, path, "a whole number")
    when Array
      case ty[0]
      when :list then v.nil? ? v : __items(v, path).each_with_index.map { |x, i| __encode(ty[1], x, "#{path}[#{i}]") }
      when :option then v.nil? ? nil : __encode(ty[1], v, path)
      end
    when String then __encode_named(TYPES.fetch(ty), v, path)
    else __plain(v, path)
    end
  end

  def self.__encode_named(def_, v, path)
    case def_[0]
    when :record
      h = v.is_a?(Hash) ? v : (v.respond_to?(:to_h) ? v.to_h : v)
      return __plain(h, path) unless h.is_a?(Hash)
      given = h.to_h { |k, x| [__wit(k), x] }
      out = {}
      def_[2].each do |wit, sym, fty|
        if given.key?(wit)
          out[wit] = __encode(fty, given.delete(wit), "#{path}.#{sym}")
        elsif fty.is_a?(Array) && fty[0] == :list
          out[wit] = []
        elsif fty.is_a?(String) && TYPES[fty][0] == :variant && TYPES[fty][1].any? { |c, _| c == "keep" }
          out[wit] = "keep"
        end
      end
      out.merge(__plain(given, path)) # an unknown key reaches the wire, whose error names it
    when :enum then v.is_a?(Symbol) || v.is_a?(String) ? __wit(__text(v, path)) : __plain(v, path)
    when :variant
      cases = def_[1]
      case v
      when nil
        cases.any? { |c, _| c == "clear" } ? { "tag" => "clear" } : nil
      when Symbol then { "tag" => __wit(v) }
      when String
        carrier = cases.find { |_, t| t == :string }
        carrier ? { "tag" => carrier[0], "val" => __text(v, path) } : { "tag" => __wit(__text(v, path)) }
      when Array
        tag = __wit(__text(v[0], "#{path}[0]"))
        _, t = cases.find { |c, _| c == tag }
        t ? { "tag" => tag, "val" => __encode(t, v[1], "#{path}[1]") } : { "tag" => tag }
      when Hash
        tag = __wit(__text(v[:tag] || v["tag"], "#{path}.tag"))
        _, t = cases.find { |c, _| c == tag }
        val = v.key?(:val) ? v[:val] : v["val"]
        t ? { "tag" => tag, "val" => __encode(t, val, "#{path}.val") } : { "tag" => tag }
      else __plain(v, path)
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
    location &&= location.merge("file" => __utf8(location["file"]))
    err = { "kind" => kind, "code" => code, "message" => __utf8(message), "location" => location }
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
    # Filed as a syntax error, a kind `feedback.report_error` has no word for: its own request.
    message = __utf8("#{text.sub(/\A#{Regexp.escape(PROGRAM)}:\d+: /, "").rstrip} (SyntaxError)")
    __host("syntax\n#{JSON.generate({ "message" => message, "location" => { "file" => PROGRAM, "line" => line, "column" => column } })}")
  end

  def self.__report_exception(e, source)
    # The program's own text (SyntaxError#path; an `eval`'s or a module's is a runtime failure).
    return __syntax_error(e, source) if e.is_a?(SyntaxError) && ((e.path rescue nil) || e.message[/\A[^:\n]+/]) == PROGRAM

    frames = __frames(e).map { |f, l, label| [__utf8(f), l, __utf8(label)] }
    head = frames.first
    text = +""
    text << "#{head[0]}:#{head[1]}:in '#{head[2]}': " if head
    text << "#{__message(e)} (#{__utf8(e.class)})"
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
    elsif __unknown_name?(e)
      __report("unknown-name", text, location)
    else
      __report("other", text, location)
    end
  end

  # An exception's message as text, whatever its `message` does (a program's own class may raise
  # from it, or return what is no String).
  def self.__message(e)
    __utf8(e.message)
  rescue Exception => m # rubocop:disable Lint/RescueException
    "(its message could not be read: #{__utf8(m.class)})"
  end

  # A name the program reached for that does not exist, as Python's NameError is one: a name gg's
  # SDK does not declare, any NameError that is not a NoMethodError (an unknown local, method or
  # constant), and a NoMethodError for a method called on `main` or without a receiver (`foo(1)`,
  # an unknown top-level function). A method missing from some other object stays `other`.
  def self.__unknown_name?(e)
    return false unless e.is_a?(NameError)

    receiver = begin
      e.receiver
    rescue ArgumentError
      return !e.is_a?(NoMethodError)
    end
    return true if receiver == Gg || (receiver.is_a?(Module) && receiver.singleton_class.include?(Family))
    return true unless e.is_a?(NoMethodError)

    receiver.equal?(TOPLEVEL_BINDING.receiver) || e.private_call?
  rescue StandardError
    false
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
        __host("call\nfeedback.report_module_error\n#{JSON.generate({ "name" => m["key"], "message" => __utf8("#{where}#{e.message} (#{e.class})") })}")
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
      __report_or_say(e, source)
      status = __at_exit(nil, source) # `$!` is the program's exception, as Ruby gives it
      Kernel.exit!(status) if status
    else
      status = __at_exit(nil, source)
      Kernel.exit!(status) if status
    end
    nil
  end

  # Reports `e`; when the report itself raises (a program that redefined part of the SDK, or
  # whose exception misbehaves past what `__report_exception` guards), says so from a request built
  # in advance, the program's doing either way.
  def self.__report_or_say(e, source)
    __report_exception(e, source)
  rescue Exception # rubocop:disable Lint/RescueException
    JS.eval(UNREPORTABLE)
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
        __report_or_say(e, source)
      end
    end
    status
  end

  UNREPORTABLE = "#{CHANNEL}call\nfeedback.report_error\n#{JSON.generate({ "error" => { "kind" => "other", "code" => nil, "message" => "the program raised an exception that could not be reported (its class or the SDK's reporting was changed by the program)", "location" => nil } })}".freeze
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

# A program cannot start a process: WASI has no way to spawn one. Each of Ruby's ways to start one
# raises Errno::ENOSYS (a SystemCallError, so a plain `rescue` catches it) naming what was asked and
# gg's way to run a command, before CRuby's own attempt (which failed building its own error).
module Gg
  def self.__no_process(call, args)
    shown = args.first(3).map { |a| a.is_a?(String) && a.length > 60 ? "#{a[0, 60]}…" : a }.map(&:inspect)
    shown << "…" if args.size > 3
    # Shown as inspected (a NUL as \u0000): SystemCallError's message cannot hold a NUL.
    what = call == "`" ? "`#{__utf8(args.first).inspect[1...-1][0, 60]}`" : "#{call}(#{__utf8(shown.join(", "))})"
    raise Errno::ENOSYS, "#{what}: a gg program cannot start a process; " \
                         "run a command with Gg::Shell.run(command), which returns its output and exit code"
  end
end

module Kernel
  def `(command) = Gg.__no_process("`", [command.to_s])
  def system(*args, **) = Gg.__no_process("system", args)
  def spawn(*args, **) = Gg.__no_process("spawn", args)
  def exec(*args, **) = Gg.__no_process("exec", args)
  def fork(&) = Gg.__no_process("fork", [])
  module_function :`, :system, :spawn, :exec, :fork

  alias_method :__gg_open, :open

  # `open("| command")` starts a process; every other `open` is Ruby's.
  def open(name, *rest, **kw, &blk)
    return Gg.__no_process("open", [name]) if name.is_a?(String) && name.start_with?("|")

    __gg_open(name, *rest, **kw, &blk)
  end
  module_function :open
end

module Process
  class << self
    def spawn(*args, **) = Gg.__no_process("Process.spawn", args)
    def exec(*args, **) = Gg.__no_process("Process.exec", args)
    def fork(&) = Gg.__no_process("Process.fork", [])
    def daemon(*) = Gg.__no_process("Process.daemon", [])
  end
end

# IO's class methods start a process for `"| command"` (and `IO.popen` always does).
module Gg
  module NoPipes
    def popen(*args, **, &) = Gg.__no_process("IO.popen", args)

    %i[read readlines foreach write binread binwrite].each do |name|
      define_method(name) do |path, *rest, **kw, &blk|
        if equal?(IO) && path.is_a?(String) && path.start_with?("|")
          Gg.__no_process("IO.#{name}", [path])
        else
          super(path, *rest, **kw, &blk)
        end
      end
    end
  end
end
IO.singleton_class.prepend(Gg::NoPipes)

# Open3 opens its pipes (`IO.pipe`, which WASI refuses as ENOTSUP, saying nothing of processes)
# before it spawns: its every entry point is refused the same way, before `require "open3"` or
# after, as a module function or included.
module Gg
  module NoOpen3
    %i[popen3 popen2 popen2e capture3 capture2 capture2e pipeline_r pipeline_w pipeline_rw pipeline_start pipeline]
      .each do |name|
        define_method(name) { |*args, **_opts, &_blk| Gg.__no_process("Open3.#{name}", args) }
      end
  end
end
module Open3; end
Open3.singleton_class.prepend(Gg::NoOpen3)
Open3.prepend(Gg::NoOpen3)
