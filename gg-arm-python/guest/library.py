"""The library set: what a program on the Python guest may import beside gg.

componentize-py bakes the import closure of the entry module, so each module imported here is in
the component (already loaded), and anything else raises the guest's own ModuleNotFoundError.
A codec is a module too: only the encodings imported here can be looked up by name. The
headings below are reflected, with the names under them, into the catalogue's libraries
section. asyncio, subprocess, multiprocessing, unittest and doctest are left out by choice; ssl,
bz2, lzma, ctypes and curses are absent from this CPython build.
"""

# ruff: noqa: F401, I001

# --- Text ---
import string
import re
import textwrap
import difflib
import unicodedata
import shlex
import codecs

# --- Text encodings ---
import encodings.ascii
import encodings.latin_1
import encodings.utf_8_sig
import encodings.utf_16
import encodings.utf_16_le
import encodings.utf_16_be
import encodings.utf_32
import encodings.cp1252
import encodings.cp437
import encodings.iso8859_15
import encodings.idna
import encodings.punycode
import encodings.unicode_escape
import encodings.raw_unicode_escape
import encodings.hex_codec
import encodings.base64_codec
import encodings.rot_13

# --- Data formats ---
import json
import csv
import configparser
import tomllib
import base64
import binascii
import html
import html.parser
import xml.etree.ElementTree
import xml.dom.minidom
import plistlib
import yaml
import tomli_w

# --- Data types ---
import datetime
import zoneinfo
import calendar
import collections
import collections.abc
import heapq
import bisect
import array
import weakref
import types
import copy
import pprint
import reprlib
import enum
import graphlib
import dataclasses
import struct

# --- Numbers and math ---
import numbers
import math
import cmath
import decimal
import fractions
import random
import statistics

# --- Functional programming ---
import itertools
import functools
import operator

# --- Files and directories ---
import pathlib
import os
import os.path
import stat
import filecmp
import tempfile
import glob
import fnmatch
import shutil
import io

# --- Persistence and compression ---
import pickle
import copyreg
import zlib
import gzip
import zipfile
import tarfile

# --- Cryptography ---
import hashlib
import hmac
import secrets

# --- Operating system ---
import sys
import time
import argparse
import logging
import platform
import errno
import locale
import gettext

# --- Concurrency ---
import threading
import queue
import contextvars
import sched

# --- Internet ---
import email
import email.message
import email.utils
import email.parser
import mimetypes
import urllib.parse
import urllib.request
import http
import http.client
import socket
import ipaddress
import uuid

# --- Language and introspection ---
import typing
import abc
import contextlib
import inspect
import ast
import tokenize
import keyword
import dis
import traceback
import warnings
import builtins
import importlib
import timeit
