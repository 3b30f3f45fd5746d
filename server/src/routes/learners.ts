// The calls that let a learner's memory follow them across devices (issue 26, decisions 0086-0087): link codes,
// the recovery code, the devices, and erasing the learner's data on the server.
import { errorBody } from "@ivrit/core/schemas/api";
import {
  accountResponse,
  deviceParams,
  devicesResponse,
  eraseBody,
  eraseResponse,
  linkBody,
  linkCodeResponse,
  linkResponse,
  recoverBody,
  recoverResponse,
  recoveryCodeResponse,
} from "@ivrit/core/schemas/learners";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { callerOf } from "../http.ts";

const codeErrors = {
  400: errorBody.describe("invalid_code: no such code (counts towards the limit)"),
  409: errorBody.describe("already_linked: this device already belongs to that learner"),
  410: errorBody.describe("code_expired or code_used"),
  429: errorBody.describe("too_many_codes: too many wrong codes; retry-after says when to try again"),
};

export const learnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { learners } = app;
  const tags = ["learner"];

  app.get(
    "/account",
    {
      schema: {
        tags,
        description:
          "The learner's public support id, how many devices they have, and when their recovery code was made.",
        response: { 200: accountResponse },
      },
    },
    async (req) => learners.account(callerOf(req)),
  );

  app.post(
    "/link-codes",
    {
      schema: {
        tags,
        description: "A one-time code (8 characters, valid 10 minutes) another device enters to join this learner.",
        response: { 200: linkCodeResponse },
      },
    },
    async (req) => learners.createLinkCode(callerOf(req)),
  );

  app.post(
    "/link",
    {
      schema: {
        tags,
        description:
          "Joins this device to the learner of a link code. Without confirm: a preview of what this device brings " +
          "(nothing changes, the code stays usable). With confirm: true: the code is used up, this device (and every " +
          "device of its learner) joins, and its answers, plays and progress are added to the learner's.",
        body: linkBody,
        response: { 200: linkResponse, ...codeErrors },
      },
    },
    async (req) => learners.link(callerOf(req), req.body.code, req.body.confirm === true),
  );

  app.post(
    "/recovery-code",
    {
      schema: {
        tags,
        description: "A new recovery code (20 characters, shown once); the learner's previous one stops working.",
        response: { 200: recoveryCodeResponse },
      },
    },
    async (req) => learners.createRecoveryCode(callerOf(req)),
  );

  app.post(
    "/recover",
    {
      schema: {
        tags,
        description:
          "Joins this device to the learner of a recovery code; what this device held is added to the learner's.",
        body: recoverBody,
        response: { 200: recoverResponse, 400: codeErrors[400], 429: codeErrors[429] },
      },
    },
    async (req) => learners.recover(callerOf(req), req.body.recoveryCode),
  );

  app.get(
    "/devices",
    { schema: { tags, description: "The learner's devices.", response: { 200: devicesResponse } } },
    async (req) => ({ items: await learners.devices(callerOf(req)) }),
  );

  app.delete(
    "/devices/:id",
    {
      schema: {
        tags,
        description: "Unlinks one of the learner's devices: it becomes a new, empty learner.",
        params: deviceParams,
        response: {
          200: z.object({ unlinked: z.literal(true), thisDevice: z.boolean() }),
          404: errorBody.describe("device_not_found"),
          409: errorBody.describe("last_device: the learner's only device cannot be unlinked"),
        },
      },
    },
    async (req) => ({ unlinked: true as const, ...(await learners.unlink(callerOf(req), req.params.id)) }),
  );

  app.delete(
    "/data",
    {
      schema: {
        tags,
        description:
          "Erases the learner's data on this server: review events and cards, plays, progress, settings, plan rows, " +
          'devices and codes. The body must be {"confirm": "erase"}. Store purchase records are kept (privacy page).',
        body: eraseBody,
        response: { 200: eraseResponse },
      },
    },
    async (req) => ({ erased: true as const, ...(await learners.erase(callerOf(req))) }),
  );
};
