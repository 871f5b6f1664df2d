import { z } from 'zod';

/**
 * A person an answer names. Screens show people by their name (王小明), never by their login name
 * (longjing_admin), and give the login name on hover: so every answer that names who did something carries
 * both, `…Name` (the person's name, else the login name when they have none) and `…Username`. Both are ''
 * when the account is gone.
 */
export const createdByShape = {
  createdByName: z
    .string()
    .describe("Who created it, as screens show them: the person's name, else the login name; '' when the account is gone"),
  createdByUsername: z.string().describe("Who created it: the login name; '' when the account is gone"),
};

/** What the web client reads of a person named in an answer. */
export interface PersonNamed {
  name: string;
  username: string;
}
