"use strict";console.log("chunk 1");
