package dev.redstruct.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Calls every public constructor and method a class declares (for an interface, its static methods)
 * with null for one reference parameter at a time (sample values for the others) and checks the
 * {@link NullPointerException}: its message must be the parameter's name (as {@code
 * Objects.requireNonNull(x, "x")} gives) and the receiver must be unchanged. Needs class files
 * compiled with {@code -parameters}, as the build does.
 *
 * <p>Samples: primitives get 0 / false, {@code byte[]} {@code "a"}, {@code String} {@code "a"},
 * arrays one sample element, enums their first constant, interfaces a proxy returning defaults;
 * anything else must be given with {@link #sample}, else the check fails naming the type.
 */
public final class NullArguments {
  private final Class<?> type;
  private final Map<Class<?>, Supplier<?>> samples = new HashMap<>();
  private final Set<String> skipped = new HashSet<>();
  private final Set<String> nullable = new HashSet<>();
  private Supplier<?> receiver;
  private Function<Object, ?> snapshot = Objects::toString;

  private NullArguments(Class<?> type) {
    this.type = type;
    skipped.add("equals(java.lang.Object)");
  }

  /**
   * Starts a check of the public constructors and methods {@code type} declares.
   *
   * @param type the class to check
   * @return the check, to configure and {@link #run}
   */
  public static NullArguments of(Class<?> type) {
    return new NullArguments(type);
  }

  /**
   * Gives fresh receivers for instance methods (one per call) and how to compare their state.
   *
   * @param receiver makes a fresh instance of the class
   * @param snapshot a value equal before and after a call that changed nothing
   * @param <T> the class
   * @return this
   */
  @SuppressWarnings("unchecked")
  public <T> NullArguments receiver(Supplier<T> receiver, Function<? super T, ?> snapshot) {
    this.receiver = receiver;
    this.snapshot = (Function<Object, ?>) snapshot;
    return this;
  }

  /**
   * Gives sample values of a parameter type.
   *
   * @param parameterType the declared parameter type
   * @param sample makes a non-null value
   * @return this
   */
  public NullArguments sample(Class<?> parameterType, Supplier<?> sample) {
    samples.put(parameterType, sample);
    return this;
  }

  /**
   * Leaves a member out (one that accepts null by contract), named as {@code name(type,type)} with
   * fully qualified parameter types.
   *
   * @param signature the member's signature
   * @return this
   */
  public NullArguments skip(String signature) {
    skipped.add(signature);
    return this;
  }

  /**
   * Leaves out every parameter of this name (one that accepts null by contract, as ZSet's {@code
   * weights}).
   *
   * @param parameter the parameter name
   * @return this
   */
  public NullArguments allowNull(String parameter) {
    nullable.add(parameter);
    return this;
  }

  /**
   * Runs the check; a failure lists every (member, parameter) pair that failed.
   *
   * @return the number of (member, parameter) pairs checked
   */
  public int run() {
    List<Executable> members = new ArrayList<>();
    for (Constructor<?> c : type.getDeclaredConstructors()) {
      if (Modifier.isPublic(c.getModifiers()) && !c.isSynthetic()) {
        members.add(c);
      }
    }
    for (Method m : type.getDeclaredMethods()) {
      boolean implementorsContract =
          type.isInterface() && !Modifier.isStatic(m.getModifiers()); // abstract or default
      if (Modifier.isPublic(m.getModifiers())
          && !m.isSynthetic()
          && !m.isBridge()
          && !implementorsContract) {
        members.add(m);
      }
    }
    int checked = 0;
    List<String> failures = new ArrayList<>();
    for (Executable e : members) {
      if (skipped.contains(signature(e))) {
        continue;
      }
      Parameter[] ps = e.getParameters();
      for (int i = 0; i < ps.length; i++) {
        if (!ps[i].getType().isPrimitive() && !nullable.contains(ps[i].getName())) {
          try {
            checkOne(e, i);
          } catch (AssertionError failure) {
            failures.add(failure.getMessage());
          }
          checked++;
        }
      }
    }
    if (!failures.isEmpty()) {
      fail(failures.size() + " of " + checked + " checks failed:\n" + String.join("\n", failures));
    }
    return checked;
  }

  private void checkOne(Executable e, int nullAt) {
    Parameter[] ps = e.getParameters();
    assertTrue(ps[nullAt].isNamePresent(), "compile with -parameters: " + e);
    Object[] args = new Object[ps.length];
    for (int i = 0; i < ps.length; i++) {
      args[i] = i == nullAt ? null : sampleOf(ps[i].getType(), e);
    }
    boolean isStatic = e instanceof Method m && Modifier.isStatic(m.getModifiers());
    Object target = null;
    Object before = null;
    if (e instanceof Method && !isStatic) {
      if (receiver == null) {
        fail("no receiver supplier for instance method " + e);
      }
      target = receiver.get();
      before = snapshot.apply(target);
    }
    String what = signature(e) + " with " + ps[nullAt].getName() + " = null";
    Throwable thrown = null;
    try {
      if (e instanceof Method m) {
        m.invoke(target, args);
      } else {
        ((Constructor<?>) e).newInstance(args);
      }
    } catch (InvocationTargetException ite) {
      thrown = ite.getCause();
    } catch (ReflectiveOperationException roe) {
      throw new AssertionError(what + ": cannot call", roe);
    }
    if (!(thrown instanceof NullPointerException)) {
      throw new AssertionError(what + ": expected NullPointerException, got " + thrown, thrown);
    }
    assertEquals(ps[nullAt].getName(), thrown.getMessage(), what + ": message");
    if (target != null) {
      assertEquals(before, snapshot.apply(target), what + ": changed the receiver");
    }
  }

  private Object sampleOf(Class<?> t, Executable where) {
    Supplier<?> s = samples.get(t);
    if (s != null) {
      return s.get();
    }
    if (t == type && receiver != null) {
      return receiver.get();
    }
    if (t.isPrimitive()) {
      return primitive(t);
    }
    if (t == byte[].class) {
      return new byte[] {'a'};
    }
    if (t == String.class || t == CharSequence.class || t == Object.class) {
      return "a";
    }
    if (t.isArray()) {
      Object a = java.lang.reflect.Array.newInstance(t.getComponentType(), 1);
      java.lang.reflect.Array.set(a, 0, sampleOf(t.getComponentType(), where));
      return a;
    }
    if (t.isEnum()) {
      return t.getEnumConstants()[0];
    }
    if (t == List.class) {
      return List.of();
    }
    if (t.isInterface()) {
      return Proxy.newProxyInstance(
          t.getClassLoader(), new Class<?>[] {t}, (proxy, m, a) -> defaultOf(m.getReturnType()));
    }
    throw new AssertionError("no sample of " + t.getName() + " for " + where + ": add sample()");
  }

  private static Object defaultOf(Class<?> t) {
    return t.isPrimitive() && t != void.class ? primitive(t) : null;
  }

  private static Object primitive(Class<?> t) {
    if (t == boolean.class) {
      return false;
    }
    if (t == char.class) {
      return 'a';
    }
    if (t == double.class) {
      return 0.0;
    }
    if (t == float.class) {
      return 0f;
    }
    if (t == long.class) {
      return 0L;
    }
    if (t == short.class) {
      return (short) 0;
    }
    if (t == byte.class) {
      return (byte) 0;
    }
    return 0;
  }

  private static String signature(Executable e) {
    StringBuilder sb = new StringBuilder(e instanceof Constructor ? "<init>" : e.getName());
    sb.append('(');
    Class<?>[] ts = e.getParameterTypes();
    for (int i = 0; i < ts.length; i++) {
      sb.append(i > 0 ? "," : "").append(ts[i].getTypeName());
    }
    return sb.append(')').toString();
  }
}
